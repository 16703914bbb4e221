"""SPDX licence id → the licence classes the scorecard speaks of, and what a class lets others
do with the code (the reuse mark).

GitHub reports what Licensee matched in the repository's licence file: an SPDX id, the pseudo
id `NOASSERTION` for a licence file it could not match, or nothing at all. GitLab and Hugging
Face report lower-case keys (`mit`, `apache-2.0`, `other`); `spdx_from_key` maps those onto the
same SPDX spelling so every forge lands in one table.
"""

from __future__ import annotations

from auditor.models import LicenseClass, Reuse

NOASSERTION = "NOASSERTION"

_PERMISSIVE = (
    "0BSD",
    "AFL-3.0",
    "Apache-2.0",
    "Artistic-2.0",
    "BSD-2-Clause",
    "BSD-2-Clause-Patent",
    "BSD-3-Clause",
    "BSD-3-Clause-Clear",
    "BSD-4-Clause",
    "BSL-1.0",
    "CC-BY-4.0",
    "CC-BY-3.0",
    "CC0-1.0",
    "ECL-2.0",
    "ISC",
    "MIT",
    "MIT-0",
    "MS-PL",
    "NCSA",
    "OpenRAIL",  # Hugging Face card spelling; use restrictions, but no copyleft or NC clause
    "PostgreSQL",
    "PSF-2.0",
    "Python-2.0",
    "Unlicense",
    "UPL-1.0",
    "WTFPL",
    "X11",
    "Zlib",
)
_COPYLEFT = (
    "AGPL-3.0",
    "AGPL-3.0-only",
    "AGPL-3.0-or-later",
    "CC-BY-SA-3.0",
    "CC-BY-SA-4.0",
    "CECILL-2.1",
    "EPL-1.0",
    "EPL-2.0",
    "EUPL-1.1",
    "EUPL-1.2",
    "GPL-2.0",
    "GPL-2.0-only",
    "GPL-2.0-or-later",
    "GPL-3.0",
    "GPL-3.0-only",
    "GPL-3.0-or-later",
    "LGPL-2.1",
    "LGPL-2.1-only",
    "LGPL-2.1-or-later",
    "LGPL-3.0",
    "LGPL-3.0-only",
    "LGPL-3.0-or-later",
    "LPPL-1.3c",
    "MPL-2.0",
    "MS-RL",
    "ODbL-1.0",
    "OFL-1.1",
    "OSL-3.0",
)
_NON_COMMERCIAL = (
    "CC-BY-NC-2.0",
    "CC-BY-NC-3.0",
    "CC-BY-NC-4.0",
    "CC-BY-NC-ND-3.0",
    "CC-BY-NC-ND-4.0",
    "CC-BY-NC-SA-2.0",
    "CC-BY-NC-SA-3.0",
    "CC-BY-NC-SA-4.0",
    "PolyForm-Noncommercial-1.0.0",
)

_CLASS_OF: dict[str, LicenseClass] = {
    **{spdx.casefold(): LicenseClass.PERMISSIVE for spdx in _PERMISSIVE},
    **{spdx.casefold(): LicenseClass.COPYLEFT for spdx in _COPYLEFT},
    **{spdx.casefold(): LicenseClass.NON_COMMERCIAL for spdx in _NON_COMMERCIAL},
}
_SPDX_OF_KEY = {spdx.casefold(): spdx for spdx in (*_PERMISSIVE, *_COPYLEFT, *_NON_COMMERCIAL)}


def license_class(spdx: str | None) -> LicenseClass:
    """`none` without a licence; `custom` for NOASSERTION and for ids outside the table (a known
    but unusual licence, such as CC-BY-ND, needs a human reading)."""
    if spdx is None:
        return LicenseClass.NONE
    return _CLASS_OF.get(spdx.casefold(), LicenseClass.CUSTOM)


def spdx_from_key(key: str | None) -> str | None:
    """A forge's lower-case licence key as an SPDX id; `other`/unknown keys are NOASSERTION."""
    if key is None or not key.strip():
        return None
    key = key.strip()
    if key.casefold() in {"none", "no-license"}:
        return None
    return _SPDX_OF_KEY.get(key.casefold(), NOASSERTION)


_REUSE_OF_CLASS = {
    LicenseClass.PERMISSIVE: Reuse.OPEN,
    LicenseClass.COPYLEFT: Reuse.OPEN,
    LicenseClass.NON_COMMERCIAL: Reuse.RESTRICTED,
    LicenseClass.CUSTOM: Reuse.CUSTOM,
    LicenseClass.NONE: Reuse.NONE,
}


def reuse_of(klass: LicenseClass | None, *, licence_file: bool = False) -> Reuse:
    """The reuse mark of a repository whose licence class is `klass` (None: not known). A
    licence file the host could not match (`licence_file`, class `none`) has terms of its own:
    custom. A class this version does not know is unknown."""
    if klass is None:
        return Reuse.UNKNOWN
    if klass == LicenseClass.NONE and licence_file:
        return Reuse.CUSTOM
    return _REUSE_OF_CLASS.get(klass, Reuse.UNKNOWN)
