/**
 * Zythos for browsers (and Node): the generated zythos.v1 messages and services, a GameService
 * client over gRPC-Web, and the two things every call needs beyond them: the seat token header
 * and the ErrorInfo reason of a failed call (clients switch on it, never on the message).
 */
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { type CallOptions, type Client, Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { GameService } from "./gen/zythos/v1/game_service_pb.js";

export * from "./gen/zythos/v1/game_service_pb.js";
export * from "./gen/zythos/v1/tbbr_pb.js";
export * from "./gen/zythos/v1/tbbr_dice_pb.js";
export * from "./gen/zythos/v1/tiny_dice_pb.js";
export { Code, ConnectError };

export type GameClient = Client<typeof GameService>;

/** A GameService client for the server's gRPC-Web port, e.g. `http://localhost:8080`. */
export function createGameClient(baseUrl: string): GameClient {
  return createClient(GameService, createGrpcWebTransport({ baseUrl }));
}

/** Call options that act for a seat: `authorization: Bearer <seat token>` (spectators send none). */
export function asSeat(seatToken: string, options: CallOptions = {}): CallOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${seatToken}` } };
}

/** `google.rpc.ErrorInfo`: why a call failed, in the `zythos.v1` domain (docs/API.md lists reasons). */
export interface ErrorInfo {
  reason: string;
  domain: string;
  metadata: Record<string, string>;
}

/** The ErrorInfo of a failed call, or undefined when the error carries none (a network failure). */
export function errorInfo(error: unknown): ErrorInfo | undefined {
  const detail = ConnectError.from(error).details.find(
    (d) => "type" in d && d.type === "google.rpc.ErrorInfo",
  );
  return detail && "value" in detail && detail.value instanceof Uint8Array
    ? decodeErrorInfo(detail.value)
    : undefined;
}

function decodeErrorInfo(bytes: Uint8Array): ErrorInfo {
  const info: ErrorInfo = { reason: "", domain: "", metadata: {} };
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1) info.reason = reader.string();
    else if (field === 2) info.domain = reader.string();
    else if (field === 3) Object.assign(info.metadata, decodeEntry(reader.bytes()));
    else reader.skip(wireType);
  }
  return info;
}

function decodeEntry(bytes: Uint8Array): Record<string, string> {
  const reader = new BinaryReader(bytes);
  let key = "";
  let value = "";
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1) key = reader.string();
    else if (field === 2) value = reader.string();
    else reader.skip(wireType);
  }
  return { [key]: value };
}
