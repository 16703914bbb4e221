"""`auditor.facts.licenses`: the reuse mark a licence class gives (rubric 2.0)."""

from __future__ import annotations

import pytest

from auditor.facts.licenses import reuse_of
from auditor.models import LicenseClass, Reuse, open_member


@pytest.mark.parametrize(
    ("klass", "licence_file", "reuse"),
    [
        (LicenseClass.PERMISSIVE, True, Reuse.OPEN),
        (LicenseClass.COPYLEFT, True, Reuse.OPEN),
        (LicenseClass.NON_COMMERCIAL, True, Reuse.RESTRICTED),
        (LicenseClass.CUSTOM, True, Reuse.CUSTOM),
        (LicenseClass.NONE, False, Reuse.NONE),
        # A licence file the host did not match holds terms of its own (C1 passes it).
        (LicenseClass.NONE, True, Reuse.CUSTOM),
        (None, False, Reuse.UNKNOWN),
        (open_member(LicenseClass, "public-domain-ish"), False, Reuse.UNKNOWN),
    ],
)
def test_the_reuse_mark_of_each_licence_class(
    klass: LicenseClass | None, licence_file: bool, reuse: Reuse
) -> None:
    assert reuse_of(klass, licence_file=licence_file) is reuse
