/**
 * The flying-squid process. Started by `server.ts` with an IPC channel; never imported by the
 * project. It listens on 127.0.0.1 in offline mode with a flat world of a fixed seed, writes its log
 * to the file it is given, and answers commands from its parent (set a block, read a block, fill an
 * inventory, count ticks). It exits when its parent closes the channel or asks it to stop.
 */
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface ChildConfig { port: number; version: string; seed: number; logFile: string }
type Request = { id: number; op: string; args: Record<string, unknown> };

const cfg = JSON.parse(process.env.AGORA_MC_CONFIG ?? "{}") as ChildConfig;
// synchronous appends: the last lines before a crash reach the file
const write = (line: string) => appendFileSync(cfg.logFile, `${new Date().toISOString()} ${line}\n`);
// flying-squid prints to the console; the parent gives this process no terminal, so the log file is the record
for (const k of ["log", "info", "warn", "error", "debug"] as const) console[k] = (...a: unknown[]) => write(a.map(String).join(" "));
process.on("uncaughtException", (e) => { write(`uncaught: ${e.stack ?? e}`); process.send?.({ event: "fatal", message: String(e.message ?? e) }); });
process.on("unhandledRejection", (e) => { write(`unhandled rejection: ${(e as Error)?.stack ?? e}`); });

// flying-squid 1.11.0 writes some packets in the layout of older minecraft-data releases than the
// one its dependency ranges resolve to (≥ 3.99, the release mineflayer 4.25.0 reads 1.21.4 with).
// They are converted here; a packet that still cannot be serialized is dropped and logged, instead
// of disconnecting the player it was meant for.
const Client = require("minecraft-protocol").Client;
const rawWrite = Client.prototype.write;
// sound packets miss fields (soundId, …) and carry no state: not sent
const SILENT = new Set(["sound_effect", "named_sound_effect", "entity_sound_effect"]);
type Params = Record<string, unknown>;
const CONVERT: Record<string, (p: Params) => Params> = {
  spawn_entity: (p) => (p.velocity === undefined ? { ...p, velocity: { x: p.velocityX ?? 0, y: p.velocityY ?? 0, z: p.velocityZ ?? 0 } } : p),
  entity_velocity: (p) => (p.velocity === undefined ? { ...p, velocity: { x: p.velocityX ?? 0, y: p.velocityY ?? 0, z: p.velocityZ ?? 0 } } : p),
  position: (p) => (typeof p.flags === "number" ? { ...p, dx: 0, dy: 0, dz: 0, flags: { _value: p.flags } } : p),
  entity_teleport: (p) => ({ dx: 0, dy: 0, dz: 0, ...p, flags: typeof p.flags === "object" && p.flags ? p.flags : { _value: 0 } }),
};
const dropped = new Map<string, number>();
Client.prototype.write = function (this: { serializer: { createPacketBuffer: (p: unknown) => Buffer } }, name: string, params: Params) {
  if (SILENT.has(name)) return;
  const conv = CONVERT[name];
  if (conv && params) params = conv(params);
  try {
    this.serializer.createPacketBuffer({ name, params });
  } catch (e) {
    const n = (dropped.get(name) ?? 0) + 1;
    dropped.set(name, n);
    if (n <= 3) write(`packet ${name} dropped (cannot be serialized: ${(e as Error).message.slice(0, 160)})`);
    return;
  }
  return rawWrite.call(this, name, params);
};

const mc = require("flying-squid");
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let serv: any;
try {
  serv = mc.createMCServer({
    port: cfg.port, host: "127.0.0.1", "online-mode": false, version: cfg.version, motd: "agora", "max-players": 16,
    logging: false, noConsoleOutput: false, gameMode: 0, difficulty: 0, "everybody-op": true, "view-distance": 2,
    kickTimeout: 30000, "max-entities": 200, worldFolder: undefined, plugins: {}, modpe: false,
    "player-list-text": { header: { text: "agora" }, footer: { text: "" } },
    generation: { name: "superflat", options: { seed: cfg.seed, worldHeight: 80 } },
  });
} catch (e) {
  write(`cannot create the server: ${(e as Error).stack}`);
  process.send?.({ event: "fatal", message: (e as Error).message });
  process.exit(1);
}
serv.on("error", (e: Error) => { write(`server error: ${e.stack ?? e}`); process.send?.({ event: "fatal", message: e.message }); });
serv.on("listening", (port: number) => write(`listening on 127.0.0.1:${port}, version ${cfg.version}, seed ${cfg.seed}`));
serv.on("ready", () => process.send?.({ event: "ready", port: serv.listeningPort }));

async function handle(op: string, args: Record<string, unknown>): Promise<unknown> {
  const { Vec3 } = require("vec3");
  const reg = serv.registry;
  const pos = () => new Vec3(args.x as number, args.y as number, args.z as number);
  switch (op) {
    case "setBlock": {
      const name = args.name as string;
      const b = reg.blocksByName[name];
      if (!b) throw new Error(`block "${name}" is unknown to Minecraft ${cfg.version}`);
      await serv.setBlock(serv.overworld, pos(), b.defaultState ?? b.minStateId);
      return null;
    }
    case "getBlock": {
      const b = await serv.overworld.getBlock(pos());
      return b ? b.name : null;
    }
    case "fill": {
      // one block at a time through the server, so connected players see each change
      const name = args.name as string;
      const b = reg.blocksByName[name];
      if (!b) throw new Error(`block "${name}" is unknown to Minecraft ${cfg.version}`);
      const [x0, y0, z0, x1, y1, z1] = args.box as number[];
      for (let y = y0; y <= y1; y++) for (let z = z0; z <= z1; z++) for (let x = x0; x <= x1; x++) {
        await serv.setBlock(serv.overworld, new Vec3(x, y, z), b.defaultState ?? b.minStateId);
      }
      return null;
    }
    case "give": {
      // fills a player's inventory directly (the task file's initial inventory), main inventory slots 9..44
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      const Item = require("prismarine-item")(reg);
      const item = reg.itemsByName[args.item as string];
      if (!item) throw new Error(`item "${args.item}" is unknown to Minecraft ${cfg.version}`);
      let left = args.count as number;
      while (left > 0) {
        const slot = player.inventory.firstEmptyInventorySlot();
        if (slot === null || slot === undefined) throw new Error(`inventory of ${args.player} is full`);
        const k = Math.min(left, item.stackSize);
        player.inventory.updateSlot(slot, new Item(item.id, k));
        left -= k;
      }
      return null;
    }
    case "clearInventory": {
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      for (let s = 0; s < player.inventory.slots.length; s++) if (player.inventory.slots[s]) player.inventory.updateSlot(s, null);
      return null;
    }
    case "inventory": {
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      const out: Record<string, number> = {};
      for (const it of player.inventory.slots) if (it) out[it.name] = (out[it.name] ?? 0) + it.count;
      return out;
    }
    case "teleport": {
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      await player.teleport(pos());
      return null;
    }
    case "syncInventory": {
      // flying-squid changes a dropping player's held stack without telling the client; resend every slot
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      for (let s = 0; s < player.inventory.slots.length; s++) player.inventory.updateSlot(s, player.inventory.slots[s]);
      return null;
    }
    case "take": {
      // removes up to `count` of an item from a player's inventory (a disruption, or the emulation of an action); returns how many
      const player = serv.getPlayer(args.player as string);
      if (!player) throw new Error(`no player "${args.player}"`);
      let left = args.count as number;
      for (let s = 0; s < player.inventory.slots.length && left > 0; s++) {
        const it = player.inventory.slots[s];
        if (!it || it.name !== args.item) continue;
        const k = Math.min(left, it.count);
        left -= k;
        it.count -= k;
        player.inventory.updateSlot(s, it.count > 0 ? it : null);
      }
      return (args.count as number) - left;
    }
    case "clearItems": {
      // removes the items lying on the ground (drops of an earlier episode)
      let n = 0;
      for (const e of Object.values(serv.entities) as { type: string; itemId?: number; destroy: () => void }[]) {
        if (e.type === "object" && e.itemId !== undefined) { e.destroy(); n++; }
      }
      return n;
    }
    case "tick": return serv.tickCount as number;
    case "players": return serv.players.map((p: { username: string }) => p.username);
    case "knows": {
      const names = args.names as string[];
      return names.filter((n) => !reg.blocksByName[n]);
    }
    default: throw new Error(`unknown operation ${op}`);
  }
}

process.on("message", (m: Request | { stop: true }) => {
  if ("stop" in m) return void stop();
  handle(m.op, m.args ?? {}).then(
    (result) => process.send?.({ id: m.id, ok: true, result }),
    (e: Error) => { write(`${m.op} failed: ${e.stack ?? e}`); process.send?.({ id: m.id, ok: false, error: e.message }); },
  );
});
process.on("disconnect", () => void stop());

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  write("stopping");
  try { await Promise.race([serv.destroy(), new Promise((r) => setTimeout(r, 2000))]); } catch (e) { write(`destroy: ${e}`); }
  process.exit(0);
}
