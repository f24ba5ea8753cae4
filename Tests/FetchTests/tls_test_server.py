#!/usr/bin/env python3
"""HTTPS servers on loopback for the fetch tests (standard library only).

Usage: tls_test_server.py DIR. DIR holds server.pem/server.key (signed by the test CA) and
self-signed.pem/self-signed.key. Starts, on 127.0.0.1 and free ports:
  - the main server (CA-signed certificate), which answers as Apple's CDN under /a/v1/DOMAIN
    and as the site under /DOMAIN/.well-known/apple-app-site-association, in the way the
    domain's first label says (see ANSWERS);
  - the same handler behind the self-signed certificate (an invalid certificate);
  - a CONNECT proxy that tunnels every request to the main server, whatever host it names.
Prints "PORTS main self_signed proxy" and serves until its standard input closes (the test
process ended) or 600 seconds have passed. Writes DIR/stream.txt when the 128 MiB stream ends:
the bytes sent and whether all were.
"""
import http.server
import os
import select
import shutil
import socket
import ssl
import sys
import threading
import time

GOOD = b'{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}}\n'
OLD = b'{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/old/*"}]}]}}\n'
# Line 3, column 5: a trailing comma before "]".
BROKEN = b'{\n  "applinks": {"details": [\n    {"appIDs": ["ABCDE12345.com.example.app"], "components": []},\n  ]}\n}\n'
# An unknown key that would turn a terminal red and reverse the text after it.
HOSTILE = b'{"\\u001b[31m\\u202ekey": 1, "applinks": {"details": []}}\n'
STREAM_BYTES = 128 * 1024 * 1024


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = self.path.split("/")
        if self.path.startswith("/a/v1/"):
            source, domain = "cdn", parts[3]
        elif self.path.endswith("/.well-known/apple-app-site-association"):
            source, domain = "origin", parts[1]
        else:
            return self.send(404, b"not found", "text/plain")
        kind = domain.split(":")[0].split(".")[0]
        answer = ANSWERS.get(kind, ANSWERS["good"])
        answer(self, source)


def good(handler, source):
    handler.send(200, GOOD)


def redirect(handler, source):
    if source == "cdn":
        return handler.send(200, GOOD)
    port = handler.server.server_address[1]
    handler.send(301, b"", None, [("Location", "https://127.0.0.1:%d/elsewhere" % port)])


def missing(handler, source):
    handler.send(404, b"<h1>Not Found</h1>", "text/html")


def wrong_type(handler, source):
    handler.send(200, GOOD, "text/html; charset=utf-8")


def stale(handler, source):
    handler.send(200, OLD if source == "cdn" else GOOD)


def apple_failure(handler, source):
    """The CDN's 404 when Apple could not fetch the origin's file, with its reasons."""
    if source == "origin":
        return handler.send(200, GOOD)
    handler.send(404, b"", "text/plain", [
        ("Apple-Failure-Reason", "SWCERR00301 Timeout"),
        ("Apple-Failure-Details", '{"cause":"context deadline exceeded"}'),
    ])


def bot_blocked(handler, source):
    """Bot protection that turns Apple's fetcher away by its User-Agent."""
    if handler.headers.get("User-Agent", "").startswith("AASA-Bot/"):
        return handler.send(403, b"<h1>Access denied</h1>", "text/html")
    handler.send(200, GOOD)


def broken(handler, source):
    handler.send(200, BROKEN)


def hostile(handler, source):
    handler.send(200, HOSTILE)


def huge(handler, source):
    """128 MiB without Content-Length, until the client hangs up."""
    if source == "cdn":
        return handler.send(404, b"", "text/plain")
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.close_connection = True
    sent, chunk = 0, b" " * 65536
    try:
        while sent < STREAM_BYTES:
            handler.wfile.write(chunk)
            sent += len(chunk)
        handler.wfile.flush()
    except OSError:
        pass
    with open(os.path.join(handler.server.directory, "stream.txt"), "w") as out:
        out.write("%d %s\n" % (sent, "complete" if sent >= STREAM_BYTES else "stopped"))


def announced(handler, source):
    """Content-Length of 10 MiB announced: a client may stop before the body."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(10 * 1024 * 1024))
    handler.end_headers()
    try:
        handler.wfile.write(b" " * 65536)
    except OSError:
        pass
    handler.close_connection = True


def slow(handler, source):
    """Headers at once, then a byte every half second for 20 seconds."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", "40")
    handler.end_headers()
    try:
        for _ in range(40):
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.5)
    except OSError:
        pass


ANSWERS = {
    "good": good, "redirect": redirect, "missing": missing, "wrong-type": wrong_type,
    "stale": stale, "apple-failure": apple_failure, "bot-blocked": bot_blocked,
    "broken": broken, "hostile": hostile, "huge": huge, "announced": announced, "slow": slow,
}


def https_server(directory, name):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.directory = directory
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(directory, name + ".pem"), os.path.join(directory, name + ".key"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def proxy_server(target_port):
    """Answers CONNECT host:port by tunnelling to the main server."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    def tunnel(client):
        with client:
            request = b""
            while b"\r\n\r\n" not in request and len(request) < 8192:
                data = client.recv(4096)
                if not data:
                    return
                request += data
            if not request.startswith(b"CONNECT "):
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            with socket.create_connection(("127.0.0.1", target_port)) as upstream:
                client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                ends = [client, upstream]
                deadline = time.time() + 60
                while time.time() < deadline:
                    ready, _, _ = select.select(ends, [], [], 1)
                    for end in ready:
                        data = end.recv(65536)
                        if not data:
                            return
                        (upstream if end is client else client).sendall(data)

    def accept():
        while True:
            client, _ = listener.accept()
            threading.Thread(target=tunnel, args=(client,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1]


def main():
    directory = sys.argv[1]
    main_server = https_server(directory, "server")
    bad_server = https_server(directory, "self-signed")
    proxy_port = proxy_server(main_server.server_address[1])
    print("PORTS %d %d %d" % (main_server.server_address[1], bad_server.server_address[1], proxy_port), flush=True)
    started = time.time()
    try:
        while time.time() - started < 600:
            ready, _, _ = select.select([sys.stdin], [], [], 1)
            if ready and not sys.stdin.buffer.read1(1024):
                break
    finally:
        # The tests are over (they closed our input, or ended): their certificates, keys and
        # saved files go with the servers.
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
