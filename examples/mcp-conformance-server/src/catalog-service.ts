import {
  Complete,
  Param,
  Prompt,
  Resource,
  ResourceTemplate,
  type CompletionContext,
  type ToolCallContext,
} from '@toolwright/core';
import { RED_PIXEL_PNG } from './media';

/** The form of test_input_required_result_prompt. */
export class ContextForm {
  @Param({ description: 'The context the prompt should use' })
  context!: string;
}

/**
 * Every resource, resource template and prompt the conformance suite's server scenarios read
 * (resources-*, prompts-*, completion-complete), written as a service class.
 */
export class CatalogService {
  @Resource({
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A static text resource for testing.',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static binary resource (a PNG image) for testing.',
    mimeType: 'image/png',
  })
  staticBinary(): Uint8Array {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }

  @Resource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource clients subscribe to.',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content.';
  }

  @ResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    description: 'Data for one ID, substituted into the URI.',
    mimeType: 'application/json',
  })
  templateData(@Param('id', { description: 'The ID to read' }) id: string): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }

  @Prompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments.' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ name: 'test_prompt_with_arguments', description: 'A prompt with two required arguments.' })
  withArguments(
    @Param('arg1', { description: 'First test argument' }) arg1: string,
    @Param('arg2', { description: 'Second test argument' }) arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Complete({ prompt: 'test_prompt_with_arguments', argument: 'arg1' })
  completeArg1(value: string, _context: CompletionContext): string[] {
    return ['paris', 'park', 'party', 'test', 'testing'].filter((word) => word.startsWith(value));
  }

  @Prompt({ name: 'test_prompt_with_embedded_resource', description: 'A prompt embedding a resource.' })
  withEmbeddedResource(
    @Param('resourceUri', { description: 'URI of the resource to embed' }) resourceUri: string,
  ) {
    return [
      {
        role: 'user' as const,
        content: {
          type: 'resource' as const,
          resource: {
            uri: resourceUri,
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          },
        },
      },
      { role: 'user' as const, content: 'Please process the embedded resource above.' },
    ];
  }

  @Prompt({
    name: 'test_input_required_result_prompt',
    description: 'A prompt that asks the user for its context.',
  })
  async withContext(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({
      key: 'user_context',
      message: 'What context should the prompt use?',
      args: ContextForm,
    });
    return `Use this context: ${answer.action === 'accept' ? answer.content.context : '(none)'}`;
  }

  @Prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image.' })
  withImage() {
    return [
      {
        role: 'user' as const,
        content: { type: 'image' as const, data: RED_PIXEL_PNG, mimeType: 'image/png' },
      },
      { role: 'user' as const, content: 'Please analyze the image above.' },
    ];
  }
}
