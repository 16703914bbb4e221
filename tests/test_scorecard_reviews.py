"""Reviewed verdicts (`.paper-auditor-reviews`): the loader and its one-line errors (the file,
the line, the allowed words), and the reviews put beside the measured verdicts — which they
never change — in the scorecard and every report built from it."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from auditor import cli, render
from auditor.config.file import ConfigError
from auditor.models import LinkKind, Outcome, Tier
from auditor.render import data
from auditor.scorecard import Review, Scorecard
from auditor.scorecard.reviews import REVIEWS_FILE, ReviewEntry, apply_reviews, load_reviews
from tests.support.scorecards import gold_facts, paper, result, scorecard

TIER_WORDS = ", ".join(tier.value for tier in Tier)
OUTCOME_WORDS = ", ".join(outcome.value for outcome in Outcome)
GOOD = """\
[[review]]
paper = "arxiv:2401.00001"
verdict = "silver"
reason = "the authors sent the weights link by mail"
reviewer = "A. Chair"
date = 2026-11-20

[[review]]
url = "https://GitHub.com/Lab/Net.git#readme"
verdict = "ok"
reason = "checked by hand: <b>fine</b>"
reviewer = "B. Chair"
date = "2026-11-21"
"""


def _load(tmp_path: Path, text: str) -> tuple[ReviewEntry, ...]:
    path = tmp_path / REVIEWS_FILE
    path.write_text(text, encoding="utf-8")
    return load_reviews(path, config=None, pyproject=None)


# --- the loader -------------------------------------------------------------------------------


def test_a_good_file_reads_papers_links_normalised_and_dates(tmp_path: Path) -> None:
    first, second = _load(tmp_path, GOOD)

    assert first == ReviewEntry(
        "arxiv:2401.00001",
        None,
        "silver",
        "the authors sent the weights link by mail",
        "A. Chair",
        date(2026, 11, 20),
        f"{tmp_path / REVIEWS_FILE}:1",
    )
    assert second.paper is None
    assert second.url == "https://github.com/Lab/Net"  # as the audit names the link
    assert (second.verdict, second.day, second.where) == (
        "ok",
        date(2026, 11, 21),
        f"{tmp_path / REVIEWS_FILE}:8",
    )


ENTRY = 'paper = "arxiv:1"\nverdict = "gold"\nreason = "r"\nreviewer = "n"\ndate = 2026-01-02\n'


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            ENTRY.replace('"gold"', '"golden"'),
            3,
            f"review verdict 'golden' is not a tier word; allowed: {TIER_WORDS}",
        ),
        (
            ENTRY.replace('paper = "arxiv:1"', 'url = "https://a.example/"'),
            3,  # a tier word, for a link
            f"review verdict 'gold' is not an outcome word; allowed: {OUTCOME_WORDS}",
        ),
        (ENTRY.replace('verdict = "gold"\n', ""), 1, "needs a `verdict`, a tier word: dead, "),
        (ENTRY.replace('reason = "r"', 'reason = "  "'), 4, "review needs a `reason` (why)"),
        (ENTRY.replace('reviewer = "n"\n', ""), 1, "review needs a `reviewer` (who reviewed it)"),
        (ENTRY.replace("date = 2026-01-02\n", ""), 1, "review needs a `date`"),
        (ENTRY.replace("2026-01-02", '"2 Jan"'), 6, "review `date` is not a date (YYYY-MM-DD)"),
        (ENTRY + 'reviwer = "m"\n', 7, "unknown key 'reviwer'; did you mean 'reviewer'?"),
        (ENTRY + 'url = "https://a.example/"\n', 1, "has both `paper` and `url`; give one"),
        (ENTRY.replace('paper = "arxiv:1"\n', ""), 1, "needs a `paper` (its key) or a `url`"),
        (ENTRY.replace('paper = "arxiv:1"', 'url = "mailto:x@y"'), 2, "is not an http(s) URL"),
    ],
)
def test_a_malformed_entry_is_one_line_naming_the_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        _load(tmp_path, "# reviews of the 2026 track\n[[review]]\n" + text)
    said = str(raised.value)
    assert "\n" not in said
    # The first line is a comment: each entry's line counts it.
    assert said.startswith(f"{tmp_path / REVIEWS_FILE}:{line + 1}: "), said
    assert message in said


def test_a_wrong_table_and_a_second_review_of_one_subject_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"unknown table 'reviews'; did you mean 'review'\?"):
        _load(tmp_path, "[[reviews]]\n" + ENTRY)
    with pytest.raises(ConfigError) as raised:
        _load(tmp_path, "[[review]]\n" + ENTRY + "\n[[review]]\n" + ENTRY)
    assert str(raised.value) == (
        f"{tmp_path / REVIEWS_FILE}:8: arxiv:1 is reviewed already at {tmp_path / REVIEWS_FILE}:1"
    )


def test_reviews_in_pyproject_are_read_and_named_by_their_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no ./.paper-auditor-reviews here
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\n\n[[tool.paper-auditor.review]]\n' + ENTRY.replace("gold", "shiny"),
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as raised:
        load_reviews(None, config=None, pyproject=pyproject)
    assert str(raised.value).startswith(f"{pyproject}:6: review verdict 'shiny'")

    pyproject.write_text("[[tool.paper-auditor.review]]\n" + ENTRY, encoding="utf-8")
    (found,) = load_reviews(None, config=None, pyproject=pyproject)
    assert (found.paper, found.verdict, found.where) == ("arxiv:1", "gold", f"{pyproject}:1")


def test_the_reviews_file_of_the_current_folder_is_read_when_present(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_reviews(None, config=None, pyproject=None) == ()
    (tmp_path / REVIEWS_FILE).write_text("[[review]]\n" + ENTRY, encoding="utf-8")
    (found,) = load_reviews(None, config=None, pyproject=None)
    assert found.where == f"{REVIEWS_FILE}:1"


def test_a_malformed_reviews_file_stops_the_audit_in_one_line_before_any_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "papers.md"
    listing.write_text("# List\n\n- **Paper.** Code: https://github.com/lab/net\n")
    reviews = tmp_path / "reviews.toml"
    reviews.write_text("[[review]]\n" + ENTRY.replace("gold", "goldd"), encoding="utf-8")

    code = cli.main(
        ["audit", str(listing), "--out", str(tmp_path / "r"), "--reviews", str(reviews)],
        environ={},
    )

    assert code == cli.EXIT_USAGE
    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: {reviews}:3: review verdict 'goldd' is not a tier word; "
        f"allowed: {TIER_WORDS}"
    ]
    assert not (tmp_path / "r").exists()


# --- the reviews beside the measured verdicts -------------------------------------------------

CODE = "https://github.com/lab/net"
GONE = "https://gone.example/code"


def _card() -> Scorecard:
    net = replace(paper("list.md#1", name="Net"), key="arxiv:2401.00001")
    gone = replace(paper("list.md#2", name="Gone <Net>"), key="arxiv:2401.00002")
    return scorecard(
        [
            (net, [result(CODE, LinkKind.GITHUB_REPO, ["list.md#1"], repo=gold_facts("lab/net"))]),
            (gone, [result(GONE, LinkKind.WEB, ["list.md#2"], outcome=Outcome.DEAD)]),
        ]
    )


def _review(subject: str, verdict: str, reason: str = "checked by hand") -> ReviewEntry:
    paper_key, url = (subject, None) if subject.startswith("arxiv:") else (None, subject)
    return ReviewEntry(paper_key, url, verdict, reason, "A. Chair", date(2026, 11, 20), "f:1")


def test_reviews_sit_beside_the_measurement_and_change_nothing_measured(
    caplog: pytest.LogCaptureFixture,
) -> None:
    card = _card()
    reviews = (
        _review("arxiv:2401.00001", "gold"),  # as measured
        _review("arxiv:2401.00002", "silver", "the authors sent the <code> & weights"),
        _review(GONE, "ok"),  # measured dead
        _review("arxiv:9999.99999", "gold"),  # no such paper this run
    )
    with caplog.at_level(logging.INFO, logger="auditor.scorecard.reviews"):
        reviewed = apply_reviews(card, reviews)

    net, gone = reviewed.papers
    assert net.review == Review("gold", "checked by hand", "A. Chair", "2026-11-20", False)
    assert gone.review is not None
    assert gone.review.differs
    assert reviewed.links_by_url()[GONE].review == Review(
        "ok", "checked by hand", "A. Chair", "2026-11-20", differs=True
    )
    assert reviewed.links_by_url()[CODE].review is None
    # Nothing measured moved: the card without its reviews is the card.
    assert (
        replace(
            reviewed,
            papers=tuple(replace(p, review=None) for p in reviewed.papers),
            links=tuple(replace(link, review=None) for link in reviewed.links),
        )
        == card
    )
    said = caplog.text
    assert f"{GONE} reviewed as ok, measured dead: look at it again (f:1)" in said
    assert "paper arxiv:2401.00002 reviewed as silver, measured dead" in said
    assert "no paper or link of this run is arxiv:9999.99999" in said


def test_every_report_shows_a_review_beside_the_verdict_escaped_and_flagged() -> None:
    reviewed = apply_reviews(
        _card(),
        (
            _review("arxiv:2401.00001", "gold"),
            _review("arxiv:2401.00002", "silver", "sent <script>x</script> & weights"),
            _review(GONE, "ok", "mirror | found"),
        ),
    )

    page = render.render_html(reviewed)
    assert "reviewed: gold — checked by hand (A. Chair, 2026-11-20)" in page
    assert (
        "reviewed as silver, measured dead — sent &lt;script&gt;x&lt;/script&gt; &amp; weights "
        "(A. Chair, 2026-11-20)"
    ) in page
    assert "<script>x" not in page
    assert 'id="reviewed-verdicts"' in page
    assert "Reviewed verdicts (3; 2 to look at again)" in page

    summary = render.render_markdown(reviewed)
    section = summary.split("#### Reviewed verdicts (3)")[1].split("####")[0]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    assert len(items) == 3
    assert all(line.startswith("- **look again**") for line in items[:2])  # differing first
    assert "reviewed as silver, measured dead" in section
    assert "\\<script" in section  # Markdown-escaped, as render.text.md escapes it
    assert re.search(r"(?<!\\)<script", section) is None  # no unescaped tag
    assert "mirror \\| found" in section  # a table cell's bar, inert
    assert "**reviewed as silver**" in summary  # in the papers table, beside the tier

    papers = data.papers_csv(reviewed).splitlines()
    header = papers[0].split(",")
    assert header[-5:] == ["reviewed_tier", "review_reason", "reviewer", "review_date",
                           "review_differs"]  # fmt: skip
    assert papers[1].endswith(",gold,checked by hand,A. Chair,2026-11-20,false")
    links = data.links_csv(reviewed).splitlines()
    assert links[0].split(",")[-5:] == [
        "reviewed_outcome", "review_reason", "reviewer", "review_date", "review_differs"
    ]  # fmt: skip
    gone_row = next(line for line in links if line.startswith(GONE))
    assert gone_row.endswith(",ok,mirror | found,A. Chair,2026-11-20,true")
    code_row = next(line for line in links if line.startswith(CODE + ","))
    assert code_row.endswith(",,,,,")


def test_without_reviews_the_reports_say_nothing_of_them() -> None:
    card = _card()
    assert apply_reviews(card, ()) is card
    page = render.render_html(card)
    assert 'class="review' not in page
    assert "reviewed-verdicts" not in page
    assert "Reviewed verdicts" not in render.render_markdown(card)
    assert data.papers_csv(card).splitlines()[1].endswith(",,,,,")
