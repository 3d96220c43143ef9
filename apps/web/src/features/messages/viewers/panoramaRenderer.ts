/**
 * A tiny WebGL (1) renderer of an equirectangular panorama: one triangle covering the canvas, the fragment
 * shader turns each pixel's view ray into texture coordinates (panoramaMath's shaders). The texture is the
 * image, scaled down when it exceeds the GPU's texture size. Null when the browser has no WebGL.
 */
import { PANORAMA_FRAGMENT_SHADER, PANORAMA_VERTEX_SHADER, type PanoramaView } from './panoramaMath';

export interface PanoramaRenderer {
  /** draws the view at the canvas's current CSS size (resizing its buffer to the device pixels first) */
  draw(view: PanoramaView): void;
  dispose(): void;
}

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('panorama: createShader failed');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    const log = gl.getShaderInfoLog(shader);
    gl.deleteShader(shader);
    throw new Error(`panorama: shader: ${log ?? ''}`);
  }
  return shader;
}

/** The image as a texture source no larger than `max` pixels on a side (a 2D canvas when it must shrink). */
function textureSource(image: HTMLImageElement, max: number): TexImageSource {
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  if (width <= max && height <= max) return image;
  const scale = Math.min(max / width, max / height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(width * scale));
  canvas.height = Math.max(1, Math.floor(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return image;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function getWebGl(canvas: HTMLCanvasElement): WebGLRenderingContext | null {
  try {
    const options: WebGLContextAttributes = { antialias: false, depth: false, alpha: false };
    return (
      (canvas.getContext('webgl', options) as WebGLRenderingContext | null) ??
      (canvas.getContext('experimental-webgl', options) as WebGLRenderingContext | null)
    );
  } catch {
    return null;
  }
}

export function createPanoramaRenderer(canvas: HTMLCanvasElement, image: HTMLImageElement): PanoramaRenderer | null {
  const gl = getWebGl(canvas);
  if (!gl) return null;
  const vertex = compile(gl, gl.VERTEX_SHADER, PANORAMA_VERTEX_SHADER);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, PANORAMA_FRAGMENT_SHADER);
  const program = gl.createProgram();
  if (!program) throw new Error('panorama: createProgram failed');
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error(`panorama: link: ${gl.getProgramInfoLog(program) ?? ''}`);
  }
  gl.useProgram(program);

  // one triangle larger than the clip square covers every pixel
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const aPos = gl.getAttribLocation(program, 'aPos');
  gl.enableVertexAttribArray(aPos);
  gl.vertexAttribPointer(aPos, 2, gl.FLOAT, false, 0, 0);

  const texture = gl.createTexture();
  gl.activeTexture(gl.TEXTURE0);
  gl.bindTexture(gl.TEXTURE_2D, texture);
  // any size (WebGL 1 NPOT rules): no mipmaps, clamped; the seam at ±180° is one texel wide at most
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  const maxSize = Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)) || 2048;
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, textureSource(image, maxSize));
  const error = gl.getError();
  if (error !== gl.NO_ERROR) throw new Error(`panorama: texture upload failed (${error})`);

  const u = {
    tex: gl.getUniformLocation(program, 'uTex'),
    yaw: gl.getUniformLocation(program, 'uYaw'),
    pitch: gl.getUniformLocation(program, 'uPitch'),
    tanHalfFov: gl.getUniformLocation(program, 'uTanHalfFov'),
    aspect: gl.getUniformLocation(program, 'uAspect'),
  };
  gl.uniform1i(u.tex, 0);
  let disposed = false;

  return {
    draw(view) {
      if (disposed || gl.isContextLost()) return;
      const dpr = window.devicePixelRatio || 1;
      const width = Math.max(1, Math.round(canvas.clientWidth * dpr));
      const height = Math.max(1, Math.round(canvas.clientHeight * dpr));
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      gl.viewport(0, 0, width, height);
      const rad = Math.PI / 180;
      gl.uniform1f(u.yaw, view.yaw * rad);
      gl.uniform1f(u.pitch, view.pitch * rad);
      gl.uniform1f(u.tanHalfFov, Math.tan((view.fov * rad) / 2));
      gl.uniform1f(u.aspect, width / height);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (gl.isContextLost()) return;
      gl.deleteTexture(texture);
      gl.deleteBuffer(buffer);
      gl.deleteProgram(program);
      gl.deleteShader(vertex);
      gl.deleteShader(fragment);
    },
  };
}
