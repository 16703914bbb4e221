"""Counting work instead of timing it: `operations(fn)` is the number of Python and C function
calls (generator steps included) that `fn()` makes, a figure that does not depend on the machine
or its load. Linear code makes about twice the calls for twice the input; quadratic code four
times. `grows_linearly` asserts the first."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def operations(function: Callable[[], object]) -> int:
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        function()
    finally:
        sys.setprofile(previous)
    return count


def grows_linearly(make: Callable[[int], Callable[[], object]], size: int) -> tuple[int, int]:
    """(operations at `size`, at twice `size`), asserting that doubling the input at most
    (about) doubles the work: a ratio above 2.3 is super-linear."""
    small = operations(make(size))
    large = operations(make(2 * size))
    assert large <= 2.3 * small, f"{small} operations, then {large} for twice the input"
    return small, large
