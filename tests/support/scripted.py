"""A transport that answers from a script, for unit tests of what an answer means (the hosts'
adapters): `ScriptedTransport(answer)` calls `answer(request)` for each request and serves the
`Scripted` answer it returns (or raises what it raises) through the run's own request path
(`auditor.net.fetcher.Fetcher`): the body is still read capped, the statuses still retried.
Tests of the wire itself use the real servers of tests/support/local_servers.py."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field

from auditor.net.answer import Headers
from auditor.net.transport import Exchange, Request


@dataclass(frozen=True)
class Scripted:
    """One answer: status, headers, body."""

    status: int
    body: bytes = b""
    headers: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def json(cls, status: int, value: object) -> Scripted:
        return cls(status, json.dumps(value).encode(), {"Content-Type": "application/json"})


class _Answer:
    def __init__(self, scripted: Scripted) -> None:
        self.status = scripted.status
        self.headers: Headers[str] = Headers(scripted.headers)
        self._body = scripted.body

    async def chunks(self) -> AsyncIterator[bytes]:
        if self._body:
            yield self._body

    def release(self) -> None:
        pass


class ScriptedTransport:
    """Answers each request with `answer(request)`; `requests` keeps what was asked."""

    def __init__(self, answer: Callable[[Request], Scripted]) -> None:
        self._answer = answer
        self.requests: list[Request] = []

    async def open(self, request: Request) -> Exchange:
        self.requests.append(request)
        return _Answer(self._answer(request))

    async def aclose(self) -> None:
        pass
