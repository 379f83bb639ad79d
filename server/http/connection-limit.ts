import type { Server } from "node:net";

/**
 * Caps the connections one client address holds open at once: past the cap a new
 * connection is closed before a byte is read, so one client cannot hold every socket
 * (slow-loris). The address is the socket's: behind a proxy every client shares the
 * proxy's, so there the cap belongs on the proxy (MAX_CONNECTIONS_PER_IP=0 here).
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
