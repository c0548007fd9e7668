"""The fake Telegram Bot API's HTTP side (:mod:`tests.fake_bot_api`): the threaded server, the request
handler, PTB's forms and multipart bodies parsed, and the two ways a call fails on the wire (an
error answer, a connection closed without one).

Requests are PTB's: urlencoded forms (JSON-encoded non-strings) or multipart with file parts.
File download URLs arrive percent-encoded as a whole, hence the unquote.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.fake_bot_api import FakeBotApi


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # PTB opens many connections at once; the default backlog of 5 drops some

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # the client hung up (shutdown, cancelled poll)
            return
        super().handle_error(request, client_address)


class ApiError(Exception):
    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None,
                 status: int = 200) -> None:
        super().__init__(description)
        self.code, self.description, self.parameters, self.status = code, description, parameters, status


class DropConnection(Exception):
    """Close the connection without an answer (the request was carried out)."""


def handler_for(api: FakeBotApi) -> type[BaseHTTPRequestHandler]:
    """The request handler of ``api``'s server: file downloads, control calls, and Bot API methods
    handed to :meth:`FakeBotApi.handle` with their answer or error."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            path = urllib.parse.unquote(self.path)
            prefix = f"/file/bot{api.token}/"
            for file_path, data in api.files.values():
                if path == prefix + file_path:
                    return self._send(200, data, "application/octet-stream")
            return self._send(404, b"not found", "text/plain")

        def do_POST(self) -> None:  # noqa: N802
            prefix = f"/bot{api.token}/"
            body = self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
            if self.path.startswith("/control/"):
                return self._json(200, api.control(self.path[len("/control/"):], json.loads(body or b"{}")))
            if not self.path.startswith(prefix):
                return self._json(404, {"ok": False, "error_code": 404, "description": "Not Found"})
            method = self.path[len(prefix):]
            params, files = parse(self.headers.get("Content-Type", ""), body)
            try:
                result = api.handle(method, params, files)
            except ApiError as e:
                answer = {"ok": False, "error_code": e.code, "description": e.description}
                if e.parameters:
                    answer["parameters"] = e.parameters
                return self._json(e.status, answer)
            except DropConnection:  # carried out, but the answer is lost: close without a response
                self.close_connection = True
                return None
            return self._json(200, {"ok": True, "result": result})

        def _json(self, code: int, obj: Any) -> None:
            self._send(code, json.dumps(obj).encode(), "application/json")

        def _send(self, code: int, data: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def parse(ctype: str, body: bytes) -> tuple[dict[str, Any], dict[str, tuple[str, str, bytes]]]:
    """A request's parameters and uploaded files (part name -> file name, content type, bytes)."""
    if ctype.startswith("multipart/form-data"):
        msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + body)
        params: dict[str, Any] = {}
        files: dict[str, tuple[str, str, bytes]] = {}
        for part in msg.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True) or b""
            if part.get_filename():
                files[name] = (part.get_filename(), part.get_content_type(), payload)
            else:
                params[name] = payload.decode()
        return params, files
    if ctype.startswith("application/json"):
        return json.loads(body or b"{}"), {}
    return dict(urllib.parse.parse_qsl(body.decode())), {}
