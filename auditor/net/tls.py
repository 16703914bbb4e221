"""The certificate authorities TLS trusts: certifi's bundle, or the user's instead of it
(`--ca-bundle`, the configuration's `network.ca-bundle`, `SSL_CERT_FILE`, `SSL_CERT_DIR`), as
curl's `--cacert` and OpenSSL's variables do: a company or campus CA, or one that re-signs
traffic at a proxy. One context serves the links, the APIs and an https:// proxy."""

from __future__ import annotations

import functools
import ssl
from pathlib import Path

import certifi


class CaBundleError(ValueError):
    """A certificate authority file or folder that cannot be used; one line naming it."""


def verifying_context(
    ca_file: Path | None, ca_dir: Path | None, *, named: str = "the CA bundle"
) -> ssl.SSLContext:
    """A context that verifies certificates against `ca_file` and `ca_dir` (either may be
    None), else against certifi's bundle. `named` says where the file came from in errors."""
    if ca_file is None and ca_dir is None:
        return ssl.create_default_context(cafile=certifi.where())
    if ca_dir is not None and not ca_dir.is_dir():
        raise CaBundleError(f"{named}: {ca_dir} is not a folder")
    if ca_file is not None and ca_file.exists() and not ca_file.is_file():
        # A FIFO or a device: OpenSSL would wait on it for ever, or read without end.
        raise CaBundleError(f"{named}: {ca_file} is not a regular file")
    try:
        return _users_context(ca_file, ca_dir, _stamp(ca_file), _stamp(ca_dir))
    except OSError as error:  # ssl.SSLError is one: a file with no certificate in it
        reason = error.strerror or getattr(error, "reason", None) or error
        raise CaBundleError(f"{named}: cannot use {ca_file or ca_dir}: {reason}") from None


def _stamp(path: Path | None) -> tuple[int, int, int] | None:
    """What tells a file or folder changed: its inode, size and modification time."""
    try:
        found = path.stat() if path is not None else None
    except OSError:
        return None
    return None if found is None else (found.st_ino, found.st_size, found.st_mtime_ns)


@functools.lru_cache(maxsize=4)
def _users_context(
    ca_file: Path | None,
    ca_dir: Path | None,
    file_stamp: tuple[int, int, int] | None,
    dir_stamp: tuple[int, int, int] | None,
) -> ssl.SSLContext:
    """The context of the user's CAs, loaded once while they are unchanged (the stamps): the
    command line checks them as it reads the settings, and the run's network uses the same
    (~50 ms a load). A load that fails is not kept."""
    return ssl.create_default_context(
        cafile=None if ca_file is None else str(ca_file),
        capath=None if ca_dir is None else str(ca_dir),
    )
