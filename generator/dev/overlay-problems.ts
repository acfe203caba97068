// What the overlay of `site serve --watch` shows, kept by the version of each file a problem was
// found in. A saved file is checked at once (saved-file-check.ts); the whole-site build that
// follows reads the files as they are when it starts, and may end after a later save. So a
// problem belongs to the version (the hash of the text) it was found in, and an older result
// never replaces a newer one: the build's problems of a file are shown only when the build read
// the file as last saved, else the check of the last save stands for that file.
import { hashOf } from '../content-hash.ts';
import { formatDiagnostic } from '../diagnostics/diagnostic-formats.ts';
import type { Diagnostic, SiteGraph } from '../types.ts';
import { type OverlayState, overlayState } from './dev-overlay.ts';
import type { SavedFileCheck } from './saved-file-check.ts';

export class OverlayProblems {
  /** The last build's problems, and the version of each content file it read. */
  private build: { diagnostics: Diagnostic[]; versions: Map<string, string>; graph?: SiteGraph } = {
    diagnostics: [],
    versions: new Map(),
  };
  /** The check of the last save of each file the last build did not read as saved. */
  private readonly saved = new Map<string, SavedFileCheck>();
  /** Every file saved while serving: what the build finds in one of them is the writer's own
   * edit, the rest it caused elsewhere (or was there before). */
  private readonly edited = new Set<string>();
  private shown: OverlayState;

  constructor(
    private readonly root: string,
    private readonly editor: () => string,
  ) {
    this.shown = this.compose();
  }

  /** What the overlay shows now. */
  get state(): OverlayState {
    return this.shown;
  }

  /** A saved file checked; true when what the overlay shows changed. Saves are checked in the
   * order they were made, so this is the newest version of its file. */
  savedFile(check: SavedFileCheck): boolean {
    this.edited.add(check.id);
    if (this.build.versions.get(check.id) === check.hash) this.saved.delete(check.id);
    else this.saved.set(check.id, check);
    return this.update();
  }

  /** A build ended, having read each content file at the version `versions` gives; true when
   * what the overlay shows changed. */
  built(diagnostics: Diagnostic[], versions: Map<string, string>, graph?: SiteGraph): boolean {
    this.build = { diagnostics, versions, graph };
    // The build read the file as last saved, or the file is gone: the build's word stands.
    for (const [id, check] of this.saved)
      if (!versions.has(id) || versions.get(id) === check.hash) this.saved.delete(id);
    return this.update();
  }

  /** A page that a request had rendered failed to render: a problem of the site as last built. */
  renderFailed(failure: Diagnostic): boolean {
    const text = formatDiagnostic(failure);
    if (this.build.diagnostics.some((d) => formatDiagnostic(d) === text)) return false;
    this.build = { ...this.build, diagnostics: [...this.build.diagnostics, failure] };
    return this.update();
  }

  private update(): boolean {
    const next = this.compose();
    if (next.id === this.shown.id) return false;
    this.shown = next;
    return true;
  }

  private compose(): OverlayState {
    const diagnostics = [
      ...[...this.saved.values()].flatMap((check) => check.diagnostics),
      // A file saved since the build read it: what the build found in it is of an older version.
      ...this.build.diagnostics.filter((d) => !this.saved.has(d.file)),
    ];
    const state = overlayState('', diagnostics, this.root, this.editor(), this.build.graph, (d) =>
      this.edited.has(d.file) ? 'saved' : 'site',
    );
    return { ...state, id: hashOf(JSON.stringify([state.problems, state.pages])).slice(0, 12) };
  }
}
