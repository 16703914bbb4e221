"""Which issue titles report a reproduction blocker, and of what kind (`BlockerKind`): the one
home of the issue-tracker classifier. What users report is evidence shown beside a paper, never
a criterion: a title is read alone (no body, no labels), so the rules below favour precision —
a title is a blocker only when it names both the thing and its trouble.

The rules, in the order they are tried (the first that matches decides):

1. **Not a blocker** when the title thanks or announces ("thanks for releasing the weights",
   "weights released!", "code is now available"), says a reproduction worked ("reproduced the
   results", "able to reproduce"), or asks for a feature ("feature request", "support for",
   "add …", "[enhancement]").
2. **release when**: a question of when or whether something will be released — "when will the
   code be released", "any plan to release the weights", "ETA for the training code", "is the
   dataset coming soon", "release date" (what is promised, not yet kept; any artifact).
3. **cannot reproduce**: "cannot/can't/could not/unable to/fail to reproduce", reproduction
   failing, or results lower than / different from / not matching the paper's ("lower mAP than
   reported", "results do not match the paper", "gap with the paper", "discrepancy").
4. **install fails**: an install, build, compile or environment step that fails or errors
   ("pip install fails", "error while installing", "failed building wheel", "conda env create
   error", "dependency conflict", "No module named …" / `ModuleNotFoundError`).
5. **weights / data / code missing**: a title naming the artifact — weights (weights,
   checkpoint, ckpt, pretrained/trained model, `.pth`/`.pt` files), data (dataset, data,
   annotations, splits, features) or code (code, source, implementation, training/eval script,
   "the repository is empty") — together with its absence or loss: missing, not released /
   available / provided / uploaded / found, unavailable, where is/are/to find/to download,
   no longer, gone, removed, deleted, expired, 404, a link that is dead, broken, invalid or
   down, cannot download, access denied, or a request to release/upload/share it. The artifact
   the title names first decides ("code for preprocessing the dataset missing" is code; at the
   same place, weights before data before code).

A few Chinese phrasings of the same reports are recognised (代码/权重/数据集 with 开源/发布/
公开, 什么时候/何时, 无法复现, 链接失效), since many ML trackers are written in it.

Measured on the hand-written titles of `benchmarks/tracker.py` (`python -m benchmarks.tracker`).
"""

from __future__ import annotations

import re

from auditor.models import BlockerKind


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_NOT_A_BLOCKER = _any(
    r"\bthanks?\b.*\b(releas|shar|open.?sourc|provid|upload)",
    r"\bthank you\b.*\b(releas|shar|open.?sourc|provid|upload)",
    r"\b(has|have) been (released|uploaded|open.?sourced)\b",
    r"\b(is|are) now (available|released|out|public)\b",
    r"\b(weights?|code|models?|dataset|checkpoints?)\s+(released|uploaded|available)\s*[!.]*$",
    r"\b(successfully|finally)\s+reproduc",
    r"\breproduced\b.*\b(success|thanks|matches|fine|well)\b",
    r"\b(able|managed) to reproduce\b",
    r"\bfeature request\b|\[(feature|enhancement|feat)\]|^feat(ure)?\s*[:(]",
    r"\b(support|supporting) for\b",
    r"^(add|adding|support|implement)\b",
    r"已(经)?(开源|发布|公开)",
)

_RELEASE_WHEN = _any(
    r"\bwhen\b.*\b(releas|open.?sourc|publish|upload|availab|coming|out\b|share)",
    r"\b(any|is there a|are there|what is the|what's the)\s+(plans?|timeline|schedule)\b.*"
    r"\b(releas|open.?sourc|publish|upload|share)",
    r"\bplan(s|ning)?\s+to\s+(releas|open.?sourc|publish|upload|share)",
    r"\b(will|would|do|are) you\s+(plan(ning)? to\s+)?(releas|open.?sourc|publish|upload|share)",
    r"\b(will|is|are)\b.*\b(be\s+)?(releas|open.?sourc|publish)\w*\s*\?",
    r"\b(eta|release date|release time(line)?|release schedule)\b",
    r"\bcoming soon\b.*\?|\bstill coming\b",
    r"\bis the (code|model|dataset|checkpoint)s? coming\b",
    r"(什么时候|何时|啥时候).*(开源|发布|公开|放出|上传)",
)

_CANNOT_REPRODUCE = _any(
    r"\b(can'?t|cannot|can not|could ?n[o']?t|unable to|fail(ed|s)? to|not able to|"
    r"impossible to|trouble|difficult(y|ies)? (to|in))\s+(\w+\s+)?reproduc",
    r"\breproduc\w*\s+(fail|issue|problem|gap|error)",
    r"\b(not|n'?t|never)\s+reproducible\b|\birreproducible\b",
    r"\b(lower|worse|different|poor(er)?|much lower|significantly lower)\s+(\w+\s+){0,3}"
    r"(than|from)\s+(\w+\s+){0,3}(reported|(the|your) paper|in the paper|paper)",
    r"\b(results?|accuracy|performance|scores?|numbers?|metrics?|map|psnr|fid|bleu)\s+"
    r"(\w+\s+){0,3}(do(es)?\s?n[o']?t|don'?t|doesn'?t|not|cannot|can'?t)\s+match",
    r"\b(mismatch|discrepanc\w*|inconsisten\w*|gap)\b.*\b(paper|reported)\b",
    r"\b(paper|reported)\b.*\b(mismatch|discrepanc\w*|gap)\b",
    r"无法复现|复现不了|复现失败|复现.*(差距|不一致|达不到)",
)

_INSTALL_FAILS = _any(
    r"\b(install\w*|build\w*|compil\w*|setup|set up)\b.*\b(fail\w*|error\w*|broken|crash\w*|"
    r"does\s?n[o']?t work|not working|won'?t work|problem|issue)\b",
    r"\b(fail\w*|error\w*|unable|cannot|can'?t)\b.*\b(install\w*|build(ing)?|compil\w*|"
    r"wheel|setup\.py|conda env)\b",
    r"\bpip install\b.*\b(fail\w*|error\w*)\b",
    r"\bconda (env )?create\b.*\b(fail\w*|error\w*|conflict\w*)",
    r"\b(dependenc\w*|requirements?|version|package)\s+conflicts?\b|\bconflicting\s+"
    r"(dependenc|requirement|version|package)",
    r"\bno module named\b|\bmodulenotfounderror\b|\bimporterror\b",
    r"\bresolutionimpossible\b|\bsubprocess-exited-with-error\b",
    r"安装(失败|报错|出错)|编译(失败|报错|出错)",
)

# Absence or loss of the thing a title names (rule 5).
_MISSING = _any(
    r"\bmissing\b|\bunavailable\b|\bnot (yet )?(released|available|provided|uploaded|"
    r"included|found|public|shared|there|accessible|downloadable)\b",
    r"\b(is|are|was|were)\s?n'?t (released|available|provided|uploaded|included|there|public)\b",
    r"\bwhere\s+(is|are|can i (find|get|download)|to (find|get|download)|do i (find|get))\b",
    r"\bno longer\b|\bgone\b|\bremoved\b|\bdeleted\b|\bexpired\b|\b404\b|\bnot found\b",
    r"\b(links?|url|urls)\b.*\b(dead|broken|invalid|down|expired|not work\w*|does\s?n[o']?t "
    r"work|fails?|failed|empty|unavailable)\b",
    r"\b(dead|broken|invalid|expired)\s+(download\s+)?(links?|urls?)\b",
    r"\b(can'?t|cannot|could ?n[o']?t|unable to|fail(ed)? to)\s+(find|download|access|get)\b",
    r"\baccess denied\b|\bpermission denied\b|\bno permission\b|\brequest access\b",
    r"\bplease\s+(release|upload|share|provide|open.?source|make)\b",
    r"\b(request(ing)?|need|lack(ing)?|absent|no)\b\s+(for\s+)?(the\s+)?(released?\s+)?"
    r"(pre-?trained |trained |training |eval(uation)? |source |full )?"
    r"(weights?|checkpoints?|ckpts?|models?|code|dataset|data|scripts?|implementation)\b",
    r"\bempty (repo|repository)\b|\b(repo|repository) is empty\b|\bonly (a )?readme\b",
    r"没有|无法下载|失效|缺少|找不到|不可用|未开源|未公开|未发布",
)
_WEIGHTS = _any(
    r"\bweights?\b",
    r"\bcheckpoints?\b|\bckpts?\b",
    r"\b(pre-?trained|trained|fine-?tuned|released)\s+(\w+\s+)?models?\b",
    r"\bmodel (files?|weights?|parameters)\b",
    r"\.pth\b|\.pt\b|\.safetensors\b|\.ckpt\b",
    r"权重|预训练模型|模型文件",
)
_DATA = _any(
    r"\bdatasets?\b|\bdata\b|\bannotations?\b|\b(train|test|val(idation)?)\s+splits?\b",
    r"\b(pre-?)?(extracted|processed|computed) features\b|\bbenchmark files\b",
    r"数据集|数据|标注",
)
_CODE = _any(
    r"\b(source )?code\b|\bimplementation\b|\bsource\b",
    r"\b(training|train|eval(uation)?|inference|preprocessing|test) (code|scripts?)\b",
    r"\bscripts?\b",
    r"\bempty (repo|repository)\b|\b(repo|repository) is empty\b|\bonly (a )?readme\b",
    r"代码|源码",
)
_ARTIFACTS = (
    (BlockerKind.WEIGHTS_MISSING, _WEIGHTS),
    (BlockerKind.DATA_MISSING, _DATA),
    (BlockerKind.CODE_MISSING, _CODE),
)


def blocker_kind(title: str) -> BlockerKind | None:
    """The reproduction blocker an issue title reports, or None (the module's rules)."""
    text = " ".join(title.split())
    if not text or _NOT_A_BLOCKER.search(text):
        return None
    if _RELEASE_WHEN.search(text):
        return BlockerKind.RELEASE_WHEN
    if _CANNOT_REPRODUCE.search(text):
        return BlockerKind.CANNOT_REPRODUCE
    if _INSTALL_FAILS.search(text):
        return BlockerKind.INSTALL_FAILS
    if not _MISSING.search(text):
        return None
    named = [
        (match.start(), order, kind)
        for order, (kind, pattern) in enumerate(_ARTIFACTS)
        if (match := pattern.search(text))
    ]
    return min(named)[2] if named else None
