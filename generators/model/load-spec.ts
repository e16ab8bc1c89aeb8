// Bundles the multi-file spec with Redocly's core into one in-memory document: the single
// source every emitter reads. `npm run generate` bundles once, in the spec check, and hands that
// bundle over (specFromBundle); the other commands bundle here.
import { bundle, loadConfig } from '@redocly/openapi-core';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { applyDeployment, type DeploymentSettings } from './deployment.js';
import { applyDottedNames } from './dotted-names.js';
import type { OpenApiDocument } from './openapi.js';
import { buildSpecModel, type SpecModel } from './spec-model.js';

export interface LoadedSpec {
  readonly document: OpenApiDocument;
  /** Spec files the bundle read, relative paths, for the banners and the freshness check. */
  readonly sourceFiles: readonly string[];
}

/** Redocly's bundle of the spec, as it gives it: the document and the files it read. */
export interface SpecBundle {
  readonly document: OpenApiDocument;
  readonly fileDependencies: Iterable<string>;
  /** The bundle's model (modelFromBundle, the project's deployment file), when the spec check has built it for its hash stage. */
  readonly model?: SpecModel;
  /**
   * With the spec check's bundle: settles when its last stage (the examples, in a worker thread)
   * is done, rejecting when that refuses the spec. The pipeline writes nothing before.
   */
  readonly verdict?: Promise<void>;
}

/** Redocly's bundle of the spec (its errors refused), without the spec check: the commands other than generation. */
export async function bundleSpec(options: { readonly rootFile: string; readonly redoclyConfig: string }): Promise<SpecBundle> {
  const config = await loadConfig({ configPath: options.redoclyConfig });
  const result = await bundle({ ref: options.rootFile, config, dereference: false });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`The spec does not bundle:\n${errors.map((problem) => `- ${problem.message}`).join('\n')}`);
  }
  return { document: result.bundle.parsed as OpenApiDocument, fileDependencies: result.fileDependencies };
}

export async function loadSpec(options: {
  readonly rootFile: string;
  readonly redoclyConfig: string;
  readonly deploymentFile?: string;
}): Promise<LoadedSpec> {
  return specFromBundle(await bundleSpec(options), options.deploymentFile);
}

/** The spec the model is built from: a copy of the bundle (emitters must never see each other's mutations), with dotted names and deployment settings applied. */
export async function specFromBundle(bundled: SpecBundle, deploymentFile?: string): Promise<LoadedSpec> {
  const document = structuredClone(bundled.document);
  const deployment = deploymentFile ? await readDeployment(deploymentFile) : {};
  return {
    document: applyDeployment(applyDottedNames(document), deployment),
    sourceFiles: [...bundled.fileDependencies].sort(),
  };
}

async function readDeployment(file: string): Promise<DeploymentSettings> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const parsed: unknown = parseYaml(text);
  return (parsed ?? {}) as DeploymentSettings;
}

/**
 * The model of a bundle as a generation builds it: specFromBundle's document, source files relative
 * to `projectRoot`. The spec check's hash stage builds it, and a generation takes that one over.
 */
export async function modelFromBundle(bundled: SpecBundle, projectRoot: string, deploymentFile?: string): Promise<SpecModel> {
  const spec = await specFromBundle(bundled, deploymentFile);
  return buildSpecModel(spec.document, spec.sourceFiles.map((file) => relative(projectRoot, file)));
}
