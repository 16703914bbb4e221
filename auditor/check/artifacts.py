"""What a weights or data link's answer means, and which file hosts cannot be asked at all.

An artifact is never downloaded: the checker asks for its headers (HEAD, or a GET for one
byte, `RANGE`, whose body it never reads unless it is an HTML page). Two kinds of host need
words of their own:

- Hosts that show a file only to a browser running their scripts or to a signed-in user
  (Dropbox, OneDrive and SharePoint, Baidu Netdisk, Kaggle without its API key): any answer
  they give us says nothing about the file, so the link is `unsupported` with that reason, never
  `dead`, never `unchecked` (`unchecked` is "our side could not ask").
- Google Drive answers a file it will not serve now with an HTML page of its own: a "file does
  not exist" page is `dead`; its download-quota and virus-scan interstitials say the file is
  there (`ok`, noted).

Hosts with an API for them are asked there, never here: Hugging Face models and datasets,
Zenodo records, figshare articles (`hosts`), GitHub releases and their assets
(`hosts.github.releases`).
"""

from __future__ import annotations

import re

from auditor.check.answers import verdict
from auditor.links.origins import host_of, on_domain
from auditor.models import Hop, LinkCheck, Outcome
from auditor.timestamps import now_iso

__all__ = ["MAX_DRIVE_PAGE_BYTES", "RANGE", "drive_page_verdict", "is_drive", "unsupported_host"]

# A GET for the first byte only: a server that honours it sends one byte (206).
RANGE = {"Range": "bytes=0-0"}
# Drive's interstitial pages are small; more is not read.
MAX_DRIVE_PAGE_BYTES = 256 * 1024

# Host (as `host_of` gives it, or a domain it ends with) → why we cannot ask it.
_BROWSER_ONLY = "the host shows its files only in a browser running its scripts"
_SIGNED_IN = "the host shows its files only to a signed-in user"
_UNSUPPORTED: dict[str, str] = {
    "dropbox.com": _BROWSER_ONLY,
    "dropboxusercontent.com": _BROWSER_ONLY,
    "db.tt": _BROWSER_ONLY,
    "1drv.ms": _BROWSER_ONLY,
    "onedrive.live.com": _BROWSER_ONLY,
    "sharepoint.com": _SIGNED_IN,
    "pan.baidu.com": _SIGNED_IN,
    "yun.baidu.com": _SIGNED_IN,
    "kaggle.com": "Kaggle is asked only with its API key, which this run does not have",
}
_DRIVE_HOSTS = ("drive.google.com", "drive.usercontent.google.com", "docs.google.com")

# Drive's own pages, by the words they show.
_DRIVE_MISSING = re.compile(
    r"(the )?file you have requested does not exist|file does not exist|"
    r"sorry, the file (you have requested )?(does not exist|has been removed)",
    re.I,
)
_DRIVE_QUOTA = re.compile(
    r"too many users have viewed or downloaded this file|download quota", re.I
)
_DRIVE_VIRUS_SCAN = re.compile(r"can(no|')t scan this file for viruses|virus scan warning", re.I)


def unsupported_host(url: str) -> LinkCheck | None:
    """`unsupported`, with the reason, for a link on a host that cannot be asked without a
    browser or credentials; None for any other host."""
    host = host_of(url)
    for domain, reason in _UNSUPPORTED.items():
        if on_domain(host, domain):
            return LinkCheck(
                Outcome.UNSUPPORTED, f"not checked by its host's answer: {reason}", now_iso()
            )
    return None


def is_drive(url: str) -> bool:
    """A Google Drive file link: its answer is read as Drive's own pages say."""
    host = host_of(url)
    return on_domain(host, *_DRIVE_HOSTS)


def drive_page_verdict(
    page: bytes, status: int, hops: tuple[Hop, ...], final_url: str
) -> LinkCheck | None:
    """What one of Drive's own HTML pages (answered with a success) says of the file: `dead`
    for "does not exist", `ok` noted for the quota and virus-scan interstitials (the file is
    there); None for any other page (judged as any page is)."""
    text = page[:MAX_DRIVE_PAGE_BYTES].decode("utf-8", "replace")
    if _DRIVE_MISSING.search(text):
        detail = f"Google Drive: the file does not exist ({status})"
        return verdict(Outcome.DEAD, detail, hops, final_url, http_status=status)
    if _DRIVE_QUOTA.search(text):
        detail = "Google Drive: the file exists; its download quota is used up for now"
        return verdict(Outcome.OK, detail, hops, final_url, http_status=status)
    if _DRIVE_VIRUS_SCAN.search(text):
        detail = "Google Drive: the file exists (too large for its virus scan)"
        return verdict(Outcome.OK, detail, hops, final_url, http_status=status)
    return None
