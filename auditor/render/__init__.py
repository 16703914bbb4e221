"""The reports people read, rendered from the scorecard alone (so `auditor render` needs no
network): the self-contained `index.html` (`html`) and the `summary.md` job summary
(`markdown`), both from the views of `views`, with every value made safe by `text`. Both show
the scorecard's own `summary`; nothing here recomputes it.
"""

from auditor.render.html import render_html
from auditor.render.markdown import MAX_SUMMARY_BYTES, render_markdown
from auditor.render.text import cache_reuse_sentence, clip, md, md_link, safe_url
from auditor.render.views import TIER_SYMBOLS, report_views, templates_dir

__all__ = [
    "MAX_SUMMARY_BYTES",
    "TIER_SYMBOLS",
    "cache_reuse_sentence",
    "clip",
    "md",
    "md_link",
    "render_html",
    "render_markdown",
    "report_views",
    "safe_url",
    "templates_dir",
]
