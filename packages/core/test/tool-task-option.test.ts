import 'reflect-metadata';
import { createErasedTool, defineTool, dynamicTool, eraseTool, eraseTools, Tool } from '../src';

describe('the task option of a tool', () => {
  it('reaches the erased definition from @Tool on a class, on a method, defineTool and dynamicTool', () => {
    @Tool({ name: 'build', description: 'Builds.', task: 'optional' })
    class Build {
      run(): string {
        return 'built';
      }
    }
    class Jobs {
      @Tool({ name: 'deploy', description: 'Deploys.', task: 'required', taskInputFirst: true })
      deploy(): string {
        return 'deployed';
      }
    }
    expect(eraseTool(new Build()).definition.task).toBe('optional');
    expect(eraseTools(new Jobs())[0]?.definition).toMatchObject({ task: 'required', taskInputFirst: true });
    expect(
      eraseTool(defineTool({ name: 'f', description: 'F.', task: 'optional' }, () => 'f')).definition.task,
    ).toBe('optional');
    const dynamic = dynamicTool({
      name: 'd',
      description: 'D.',
      parameters: { type: 'object' },
      task: 'required',
      run: () => 'd',
    });
    expect(dynamic.definition.task).toBe('required');
  });

  it('is absent when not declared', () => {
    @Tool({ name: 'plain', description: 'Plain.' })
    class Plain {
      run(): string {
        return 'plain';
      }
    }
    expect(eraseTool(new Plain()).definition).not.toHaveProperty('task');
    expect(eraseTool(new Plain()).definition).not.toHaveProperty('taskInputFirst');
  });

  it('refuses any other value when the definition is built', () => {
    expect(() =>
      createErasedTool({
        definition: { name: 'bad', description: 'Bad.', task: 'always' as never },
        decode: () => ({}),
        invoke: () => 'x',
      }),
    ).toThrow("task must be 'optional' or 'required' (got \"always\").");
  });
});
