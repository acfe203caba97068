// Links that open a file at a line in the writer's editor, for the lines of the dev overlay: the
// config's `editor`, else $SITE_EDITOR, else the editor $VISUAL or $EDITOR names (`code --wait`
// is VS Code), else VS Code. An editor is a name this file knows or a URL template with {file},
// {line} and {column} ({file} is the absolute path, starting with a slash), as editors register
// URL schemes of their own: vscode://file/home/me/site/content/en/index.md:12:3.

/** The URL schemes of the editors known by name. */
export const EDITOR_URLS: Record<string, string> = {
  vscode: 'vscode://file{file}:{line}:{column}',
  'vscode-insiders': 'vscode-insiders://file{file}:{line}:{column}',
  vscodium: 'vscodium://file{file}:{line}:{column}',
  cursor: 'cursor://file{file}:{line}:{column}',
  windsurf: 'windsurf://file{file}:{line}:{column}',
  zed: 'zed://file{file}:{line}:{column}',
  idea: 'idea://open?file={file}&line={line}&column={column}',
  webstorm: 'webstorm://open?file={file}&line={line}&column={column}',
  phpstorm: 'phpstorm://open?file={file}&line={line}&column={column}',
  sublime: 'subl://open?url=file://{file}&line={line}&column={column}',
  textmate: 'txmt://open?url=file://{file}&line={line}&column={column}',
  macvim: 'mvim://open?url=file://{file}&line={line}&column={column}',
  emacs: 'emacs://open?url=file://{file}&line={line}&column={column}',
};

/** The commands $EDITOR may name, by the editor they start. */
const COMMANDS: Record<string, string> = {
  code: 'vscode',
  'code-insiders': 'vscode-insiders',
  codium: 'vscodium',
  cursor: 'cursor',
  windsurf: 'windsurf',
  zed: 'zed',
  idea: 'idea',
  'idea.sh': 'idea',
  webstorm: 'webstorm',
  'webstorm.sh': 'webstorm',
  phpstorm: 'phpstorm',
  subl: 'sublime',
  sublime_text: 'sublime',
  mate: 'textmate',
  mvim: 'macvim',
  emacs: 'emacs',
  emacsclient: 'emacs',
};

const DEFAULT_EDITOR = 'vscode';

/** Whether the config's `editor` is one this file can make links for: a known name or a template with {file}. */
export function isEditor(value: string): boolean {
  return Object.hasOwn(EDITOR_URLS, value) || value.includes('{file}');
}

/** The URL template links are made with: from the config, else the environment, else VS Code's. */
export function editorTemplate(
  configured: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  for (const choice of [configured, env.SITE_EDITOR]) {
    if (choice && isEditor(choice)) return EDITOR_URLS[choice] ?? choice;
  }
  for (const command of [env.VISUAL, env.EDITOR]) {
    // `code --wait`, `/usr/local/bin/subl -w`: the program's name says the editor.
    const name = command
      ?.trim()
      .split(/\s+/)[0]
      ?.split(/[\\/]/)
      .pop()
      ?.replace(/\.exe$/i, '');
    const editor = name && COMMANDS[name];
    if (editor) return EDITOR_URLS[editor];
  }
  return EDITOR_URLS[DEFAULT_EDITOR];
}

/** The link that opens `file` (an absolute path) at the line and column in the editor of `template`. */
export function editorUrl(template: string, file: string, line = 1, column = 1): string {
  // Windows paths become /C:/…, as file URLs write them; characters a URL cannot carry are escaped, slashes kept.
  const slashed = file.split('\\').join('/');
  const absolute = slashed.startsWith('/') ? slashed : `/${slashed}`;
  const encoded = absolute.split('/').map(encodeURIComponent).join('/').replace(/%3A/gi, ':');
  const values: Record<string, string> = { file: encoded, line: String(line), column: String(column) };
  // `vscode://file/{file}` as written by hand: the path brings its own slash.
  return template
    .replace(/([^/])\/\{file\}/g, '$1{file}')
    .replace(/\{(file|line|column)\}/g, (_, key: string) => values[key]);
}
