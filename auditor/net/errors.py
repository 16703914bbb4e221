"""What a request's failure is, in net's own words: every failure of the HTTP library is raised
as one of these (`auditor.net.transport` translates them), so no module outside `auditor.net`
knows which library sends the requests. The classes name the stage that failed, as the retry
policy (`auditor.net.policy`) and the link checker's wording (`auditor.net.fetch`) ask:

* `TimeoutException`: no connection (`ConnectTimeout`) or no bytes (`ReadTimeout`) within the
  settings' timeout. Not a `TimeoutError`: that one is our own whole-exchange deadline.
* `NetworkError`: no connection could be made (`ConnectError`: the guard's refusals are ones,
  `auditor.net.guard`), or one broke (`ReadError`, `WriteError`).
* `RemoteProtocolError`: the server broke HTTP. `ProxyError`: the proxy refused the tunnel.
* `InvalidURL`, `UnsupportedProtocol`: a URL no request can be made to.
"""

from __future__ import annotations


class HTTPError(Exception):
    """A request that failed on the way; the message is one line."""


class TimeoutException(HTTPError):
    """No answer within the settings' timeout."""


class ConnectTimeout(TimeoutException):
    """No connection within the timeout."""


class ReadTimeout(TimeoutException):
    """The server sent nothing for the timeout."""


class NetworkError(HTTPError):
    """A connection that could not be made or broke."""


class ConnectError(NetworkError):
    """No connection could be made (refused, reset, a TLS handshake that failed: the TLS error
    is its cause, `auditor.net.policy.tls_error`)."""


class ReadError(NetworkError):
    """The connection broke while the answer was read."""


class WriteError(NetworkError):
    """The connection broke while the request was sent."""


class RemoteProtocolError(HTTPError):
    """The server answered something that is not HTTP, or cut its answer short."""


class ProxyError(HTTPError):
    """The proxy did not connect us (it refused the tunnel)."""


class UnsupportedProtocol(HTTPError):
    """A URL whose scheme no request is made with."""


class InvalidURL(ValueError):
    """A URL no request can be made to."""
