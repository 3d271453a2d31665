import { Tool, ToolError, type ContentBlock } from '@toolwright/core';
import { RED_PIXEL_PNG, SILENT_WAV } from './media';

/** The conformance tools that return fixed content: one per content type, mixed, and an error. */
export class ContentTools {
  @Tool({ name: 'test_simple_text', description: 'Returns a simple text response.', readOnly: true })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Returns a 1x1 red PNG image.', readOnly: true })
  imageContent(): ContentBlock {
    return { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' };
  }

  @Tool({ name: 'test_audio_content', description: 'Returns a short silent WAV clip.', readOnly: true })
  audioContent(): ContentBlock {
    return { type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' };
  }

  @Tool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource.', readOnly: true })
  embeddedResource(): ContentBlock {
    return {
      type: 'resource',
      resource: {
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      },
    };
  }

  @Tool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded resource.',
    readOnly: true,
  })
  multipleContentTypes(): ContentBlock[] {
    return [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ];
  }

  @Tool({
    name: 'test_error_handling',
    description: 'Always fails, to test error reporting.',
    readOnly: true,
  })
  errorHandling(): never {
    throw ToolError.executionFailed('This tool intentionally returns an error for testing');
  }
}
