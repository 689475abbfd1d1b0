/** What a script island is: a marked object with the function that starts the behaviour. */
export interface ScriptIsland {
  readonly scriptIsland: true;
  /** Runs in the browser when the island's directive fires; never on the server. */
  start: () => void | Promise<void>;
}

export function scriptIsland(start: ScriptIsland["start"]): ScriptIsland {
  return { scriptIsland: true, start };
}

export function isScriptIsland(component: unknown): component is ScriptIsland {
  return typeof component === "object" && component !== null && (component as Partial<ScriptIsland>).scriptIsland === true;
}
