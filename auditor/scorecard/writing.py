"""Writing the scorecard: its one JSON spelling (`to_json`, `dumps`) and the reports written as
one set (`write_files_atomically`)."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path

from auditor.models import Link, Paper, RepoFacts
from auditor.scorecard.document import JsonObject, LinkEntry, PaperEntry, Scorecard
from auditor.scorecard.fields import write
from auditor.scorecard.summary import Summary

if sys.platform != "win32":
    import fcntl

# --- the document's JSON values (the one codec: `fields`) -------------------------------------


def paper_json(paper: Paper) -> JsonObject:
    """A paper as `auditor extract` prints it, before any score."""
    return write(PaperEntry(paper))


def link_json(link: Link) -> JsonObject:
    """A link as `auditor extract` prints it, before any check."""
    return write(link)


def repo_json(facts: RepoFacts) -> JsonObject:
    return write(facts)


def paper_entry_json(entry: PaperEntry) -> JsonObject:
    return write(entry)


def link_entry_json(entry: LinkEntry) -> JsonObject:
    return write(entry)


def summary_json(summary: Summary) -> JsonObject:
    return write(summary)


def to_json(card: Scorecard) -> JsonObject:
    """The document as JSON values, keys in the order `scorecard.json` has always had."""
    return write(card)


def extraction_json(papers: Iterable[Paper], links: Iterable[Link]) -> JsonObject:
    """What `auditor extract --format json` prints: the scorecard's shape, before any check."""
    return {
        "papers": [paper_json(paper) for paper in papers],
        "links": [link_json(link) for link in links],
    }


_encode = json.JSONEncoder(ensure_ascii=False).encode


def dumps_json(document: Mapping[str, object]) -> str:
    """A JSON object with one paper or link per line: readable diffs, and fast — `indent=`
    would drop Python's JSON encoder to its pure-Python path (~6 % of a 20,000-paper run)."""
    return "".join(_chunks(document, {}))


def _chunks(
    document: Mapping[str, object],
    lazy: Mapping[str, Iterable[JsonObject]],
    encode_item: Callable[[JsonObject], str] = _encode,
) -> Iterator[str]:
    """`dumps_json`'s text in pieces; the members in `lazy` (non-empty lists in `document`)
    are encoded one item at a time from their iterables, by `encode_item`."""
    yield "{\n"
    for index, (key, value) in enumerate(document.items()):
        if index:
            yield ",\n"
        items = lazy.get(key)
        if items is None and isinstance(value, list) and value:
            items = value
        if items is None:
            yield f"  {_encode(key)}: {_encode(value)}"
            continue
        yield f"  {_encode(key)}: [\n    "
        for position, item in enumerate(items):
            yield f",\n    {encode_item(item)}" if position else encode_item(item)
        yield "\n  ]"
    yield "\n}\n"


def dumps(card: Scorecard) -> str:
    """`scorecard.json`'s text."""
    return "".join(dump_chunks(card))


def _entry_encoder() -> Callable[[JsonObject], str]:
    """`_encode`'s text for a paper or a link entry, by msgspec: its compact JSON given
    `_encode`'s spaces (`msgspec.json.format(indent=0)`: ", " and ": " between items), in
    three fifths of the CPU (1.03 s -> 0.60 s for a 10,000-paper shard's entries). The same
    text for every value an entry's JSON holds — text, whole numbers, yes/no, null, lists,
    objects; no float, which msgspec spells otherwise (1e16 for 1e+16), as
    tests/test_scorecard.py holds the entries' fields to — and an entry msgspec refuses (text
    with a lone surrogate) is left to `_encode`, as before."""
    import msgspec  # loaded by the commands that write a scorecard, not at start-up

    encode, spaced = msgspec.json.Encoder().encode, msgspec.json.format

    def encode_entry(entry: JsonObject) -> str:
        try:
            return spaced(encode(entry), indent=0).decode()
        except UnicodeEncodeError:
            return _encode(entry)

    return encode_entry


def dump_chunks(card: Scorecard) -> Iterator[str]:
    """`scorecard.json`'s text in pieces, one paper or link at a time: the JSON values of the
    whole document are never held at once (at 20,000 papers they took ~600 MB)."""
    head = to_json(replace(card, papers=(), links=()))
    lazy: dict[str, Iterable[JsonObject]] = {}
    if card.papers:
        head["papers"] = [None]  # a placeholder: non-empty, written from `lazy`
        lazy["papers"] = (paper_entry_json(entry) for entry in card.papers)
    if card.links:
        head["links"] = [None]
        lazy["links"] = (link_entry_json(entry) for entry in card.links)
    return _chunks(head, lazy, _entry_encoder())


def current_umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux), else
    set and put back at once: `os.umask` can only be read by setting it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def write_files_atomically(
    files: Mapping[Path, str | Iterable[str]], *, umask: int | None = None
) -> None:
    """Write several reports as one: every temporary file is written and synced before the
    first is renamed into place, so a full disk or an interrupt while writing leaves every
    previous report as it was, never a mix of old and new. A report may come in pieces.
    The reports are as readable as any file the user creates (`0o666 & ~umask`), not private
    like the temporary files they start as."""
    mode = 0o666 & ~(current_umask() if umask is None else umask)
    written: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(
                dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
            )
            written.append((temporary, path))
            os.chmod(temporary, mode)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                if isinstance(text, str):
                    stream.write(text)
                else:
                    stream.writelines(text)
                stream.flush()
                os.fsync(stream.fileno())
        for temporary, path in written:
            os.replace(temporary, path)
    except BaseException:
        for temporary, _ in written:
            Path(temporary).unlink(missing_ok=True)
        raise


class ReportWriteError(OSError):
    """The reports could not be written (a full disk, a read-only folder): said as that, with
    the folder, whatever else failed before it."""


def _not_written(out_dir: Path, error: OSError) -> ReportWriteError:
    return ReportWriteError(
        f"{out_dir}: cannot write the reports ({error.strerror or error}); "
        "the reports there are left as they were"
    )


# The report sets live here, in `--out`; the names users open are links into `current`.
GENERATIONS = ".paper-auditor-reports"
_CURRENT = "current"


def write_report_set(out_dir: Path, files: Mapping[str, str | Iterable[str]]) -> None:
    """Replace the reports in `out_dir` as one set: the new files are written (and synced) into
    a new generation folder beside the old one, then one symlink (`current`) is swapped to it
    with a single rename. `out_dir/NAME` is a symlink to `current/NAME`, made once, so readers
    always open one generation's files: never a mix of old and new, never a half-written file,
    and no temporary file left in `out_dir` by a kill (a killed write leaves at most an unused
    generation, removed by the next). Nothing else in `out_dir` (the history, the user's
    files) is touched. Two runs writing to one `out_dir` take turns (`_taking_turns`): each
    publishes a whole set, and neither removes the generation the other just published.
    Where symlinks are not available, falls back to `write_files_atomically`. Files and folder
    get the modes the umask gives any new one. Raises `ReportWriteError` when the set cannot be
    written."""
    umask = current_umask()
    root = out_dir / GENERATIONS
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        _write_in_place(out_dir, files, umask)
        return
    with _taking_turns(root):
        try:
            generation = Path(tempfile.mkdtemp(dir=root, prefix="generation-"))
        except OSError:
            _write_in_place(out_dir, files, umask)
            return
        _publish_generation(out_dir, root, generation, files, umask)


def _write_in_place(out_dir: Path, files: Mapping[str, str | Iterable[str]], umask: int) -> None:
    """The fallback where no generation can be made: the files renamed into place together."""
    try:
        write_files_atomically({out_dir / name: text for name, text in files.items()}, umask=umask)
    except OSError as error:
        raise _not_written(out_dir, error) from error


@contextlib.contextmanager
def _taking_turns(root: Path) -> Iterator[None]:
    """Hold the lock of the generations folder (`flock` on the folder itself: no lock file to
    leave behind) for the code inside: another run's write waits, however long it takes. A
    generation other than `current` found while holding it was left by a killed write."""
    if sys.platform == "win32":  # no advisory locks: runs on one `--out` are not serialised
        yield
        return
    try:
        descriptor = os.open(root, os.O_RDONLY)
    except OSError as error:
        raise _not_written(root.parent, error) from error
    try:
        # A file system without locks (some network mounts: ENOLCK) writes unserialised, as
        # before, rather than not at all.
        with contextlib.suppress(OSError):
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # releases the lock


def _publish_generation(
    out_dir: Path,
    root: Path,
    generation: Path,
    files: Mapping[str, str | Iterable[str]],
    umask: int,
) -> None:
    """`files` written into `generation`, which then becomes `current`; the others removed."""
    try:
        os.chmod(generation, 0o777 & ~umask)  # mkdtemp's folder is private: readers pass here
        for name, text in files.items():
            with (generation / name).open("w", encoding="utf-8") as stream:
                if isinstance(text, str):
                    stream.write(text)
                else:  # a report in pieces (scorecard.json): never whole in memory
                    stream.writelines(text)
                stream.flush()
                os.fsync(stream.fileno())
        _sync_folder(generation)
        if not _swap_link(root / _CURRENT, generation.name):
            raise NotImplementedError  # no symlinks here
    except NotImplementedError:
        # The files are written and synced: renamed into place one by one, as before.
        for name in files:
            os.replace(generation / name, out_dir / name)
        _remove_tree(generation)
        return
    except OSError as error:
        _remove_tree(generation)
        raise _not_written(out_dir, error) from error
    except BaseException:
        _remove_tree(generation)
        raise
    for name in files:
        entry = out_dir / name
        target = f"{GENERATIONS}/{_CURRENT}/{name}"
        if not (entry.is_symlink() and os.readlink(entry) == target):
            _swap_link(entry, target)  # once per name: a report written by an older version
    for old in root.iterdir():
        if old.name != _CURRENT and old != generation:
            _remove_tree(old)  # earlier generations, and leftovers of killed writes


def _swap_link(path: Path, target: str) -> bool:
    """Point the symlink `path` at `target` with one rename; False where symlinks fail."""
    temporary = path.parent / f".{path.name}-{os.urandom(6).hex()}"
    try:
        os.symlink(target, temporary)
    except (OSError, NotImplementedError):
        return False
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return True


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _remove_tree(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
        return
    if path.is_dir():
        for child in path.iterdir():
            _remove_tree(child)
        path.rmdir()
