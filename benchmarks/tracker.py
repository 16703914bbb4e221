"""Precision and recall of the issue-tracker classifier (`auditor.facts.blockers`), per kind, on
issue titles written for this benchmark (none copied from a real tracker): positives of every
kind, and near misses — feature requests, thanks for a release, questions about a paper's
method, usage questions that name weights or data without reporting them missing.

`TITLES` were written before the rules were tuned and the rules tuned on them ("tuned");
`UNSEEN` were written after the rules were frozen and never tuned on. Run:

    python -m benchmarks.tracker            # both sets, per kind, every disagreement listed
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from auditor.facts.blockers import blocker_kind
from auditor.models import BlockerKind

W = BlockerKind.WEIGHTS_MISSING
C = BlockerKind.CODE_MISSING
D = BlockerKind.DATA_MISSING
R = BlockerKind.CANNOT_REPRODUCE
I = BlockerKind.INSTALL_FAILS  # noqa: E741 - one letter per kind, as in the table
T = BlockerKind.RELEASE_WHEN

TITLES: tuple[tuple[str, BlockerKind | None], ...] = (
    # weights missing
    ("Pretrained weights are missing from the release page", W),
    ("Checkpoint download link is broken", W),
    ("Where can I find the pretrained model?", W),
    ("Google Drive link for the weights has expired", W),
    ("model_best.pth not found", W),
    ("The checkpoint for the large model is no longer available", W),
    ("Weights link returns 404", W),
    ("Please release the fine-tuned checkpoints", W),
    ("Cannot download the pre-trained weights from Baidu", W),
    ("Request for the trained model on ImageNet", W),
    ("ckpt files removed from the Hugging Face repo?", W),
    ("Access denied when downloading the model weights", W),
    ("Trained models not provided for the ablation", W),
    ("预训练权重链接失效", W),
    ("weights for the 7B variant not uploaded", W),
    # code missing
    ("Training code is missing", C),
    ("The repository is empty", C),
    ("Where is the source code?", C),
    ("Implementation of the attention module not included", C),
    ("Evaluation script not provided", C),
    ("Please open-source the full code", C),
    ("Code for the second experiment not available", C),
    ("Only a README, no code", C),
    ("The preprocessing script was removed in the last commit", C),
    ("Cannot find the training scripts mentioned in the paper", C),
    ("代码没有开源吗", C),
    ("Inference code is gone after the refactor", C),
    # data missing
    ("Dataset download link is dead", D),
    ("Where to download the annotations?", D),
    ("The preprocessed data is not available anymore", D),
    ("Test split missing from the data folder", D),
    ("Link to the benchmark files is broken", D),
    ("Please share the extracted features", D),
    ("Data on Zenodo was deleted", D),
    ("Could not find the validation split", D),
    ("数据集无法下载", D),
    ("Dataset link expired", D),
    ("The released dataset lacks the labels for the test set", D),
    ("No permission to access the dataset on Google Drive", D),
    # cannot reproduce
    ("Cannot reproduce the results in Table 2", R),
    ("Can't reproduce the reported accuracy on CIFAR-10", R),
    ("Unable to reproduce FID of 2.1", R),
    ("Results much lower than reported in the paper", R),
    ("mAP does not match the paper", R),
    ("Large gap between my results and the paper", R),
    ("Reproduction fails with the default config", R),
    ("Could not reproduce the zero-shot numbers", R),
    ("Discrepancy with the reported BLEU score", R),
    ("Lower PSNR than the paper reports", R),
    ("Failed to reproduce the ablation results", R),
    ("无法复现论文中的结果", R),
    ("Performance is worse than in the paper after 300 epochs", R),
    ("Results are not reproducible across seeds", R),
    # install fails
    ("pip install fails on Python 3.12", I),
    ("Installation error: could not build wheels for mmcv", I),
    ("Error while installing requirements.txt", I),
    ("conda env create fails with a dependency conflict", I),
    ("ModuleNotFoundError: No module named 'utils.losses'", I),
    ("Build fails with CUDA 12", I),
    ("Compilation error in the custom CUDA kernels", I),
    ("setup.py install broken on Windows", I),
    ("Version conflict between torch and torchvision in requirements", I),
    ("ImportError: cannot import name 'container_abcs'", I),
    ("安装失败", I),
    ("Failed building wheel for pycocotools", I),
    ("Installing the package crashes on macOS", I),
    # release when
    ("When will the code be released?", T),
    ("When do you plan to release the weights?", T),
    ("Any plans to release the training code?", T),
    ("ETA for the dataset release", T),
    ("Will the pretrained models be released?", T),
    ("Is the code coming soon?", T),
    ("Release date of the checkpoints?", T),
    ("What is the timeline for open-sourcing the implementation?", T),
    ("代码什么时候开源？", T),
    ("Do you plan to share the evaluation scripts?", T),
    ("Code still coming?", T),
    ("when will you upload the 13B model", T),
    # near misses: thanks, announcements
    ("Thanks for releasing the weights!", None),
    ("Thank you for sharing the code", None),
    ("Weights released!", None),
    ("The dataset is now available on Hugging Face", None),
    ("Code has been released, closing", None),
    ("Successfully reproduced the results, thanks", None),
    ("I was able to reproduce Table 1", None),
    ("代码已开源", None),
    # near misses: feature requests
    ("Feature request: support for multi-GPU training", None),
    ("[Feature] add ONNX export", None),
    ("Add support for Apple Silicon", None),
    ("Support for custom datasets", None),
    ("Implement mixed precision training", None),
    ("feat: a Colab demo", None),
    # near misses: questions about the method or usage
    ("Question about the loss in Eq. 3", None),
    ("Why use layer norm before attention?", None),
    ("How to fine-tune the pretrained weights on my own data?", None),
    ("How to train on a custom dataset", None),
    ("Can I use the checkpoint commercially?", None),
    ("What learning rate did you use for the large model?", None),
    ("Clarification on the data augmentation", None),
    ("Is the model trained on the full dataset or a subset?", None),
    ("Difference between the two configs", None),
    ("Great work!", None),
    ("Typo in README", None),
    ("Out of memory on a 24 GB GPU", None),
    ("Training is slow on a single GPU", None),
    ("How long does training take?", None),
    ("Visualisation of the attention maps", None),
    ("Question about the evaluation protocol", None),
    ("Which checkpoint was used for Figure 4?", None),
    ("Loading the weights with strict=False", None),
    ("Could you explain the data split?", None),
    ("Batch size used in the paper", None),
    ("NaN loss after a few iterations", None),
    ("Inference speed compared to the baseline", None),
    ("Licence of the dataset", None),
    ("Citation for the benchmark", None),
    ("Update requirements to torch 2.1", None),
    ("Docker image for the environment", None),
    ("Pretrained weights work great, thanks", None),
    ("Code structure question", None),
    ("Is there a plan for a journal version?", None),
    ("How do I set up the data folder?", None),
    ("Results on the test set vs validation set", None),
    ("Reproducing Figure 3: which seed?", None),
    ("Minor bug in the dataloader", None),
)

# Written after the rules were frozen; never tuned on.
UNSEEN: tuple[tuple[str, BlockerKind | None], ...] = (
    ("OneDrive link to the checkpoints doesn't work anymore", W),
    ("Missing config and weights for the base model", W),
    ("Are the model weights available somewhere else?", W),
    ("No pretrained weights in the releases", W),
    ("The code in this repo is incomplete", C),
    ("training script missing", C),
    ("Where is the implementation of Algorithm 1?", C),
    ("repo has no code yet", C),
    ("The COCO annotations json is missing", D),
    ("link to the preprocessed dataset is down", D),
    ("Data not found at the path in the README", D),
    ("Reported numbers cannot be reached", R),
    ("I get 71.2 instead of 76.5 top-1", R),
    ("Couldn't reproduce the results with the provided checkpoint", R),
    ("Accuracy much lower than the paper on the test set", R),
    ("Error installing dependencies with poetry", I),
    ("requirements.txt pins a torch version that no longer exists", I),
    ("Cannot install on Ubuntu 22.04", I),
    ("When is the release?", T),
    ("Code release plan?", T),
    ("Will you open-source the data generation pipeline?", T),
    ("Any update on releasing the weights?", T),
    ("Thanks for the great work and for releasing the code", None),
    ("How to reproduce the results on my own dataset?", None),
    ("Which version of the dataset did you use?", None),
    ("Question about the weights initialisation", None),
    ("Support for newer transformers versions", None),
    ("Error during training: CUDA out of memory", None),
    ("How to load the checkpoint in the demo", None),
    ("Confusion about Table 3 results", None),
    ("Installation instructions are unclear", None),
    ("The data loader is slow", None),
)


@dataclass(frozen=True, slots=True)
class KindScore:
    kind: BlockerKind
    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float | None:
        said = self.true_positives + self.false_positives
        return self.true_positives / said if said else None

    @property
    def recall(self) -> float | None:
        truth = self.true_positives + self.false_negatives
        return self.true_positives / truth if truth else None


@dataclass(frozen=True, slots=True)
class Measured:
    kinds: tuple[KindScore, ...]
    # Titles said to be a blocker of any kind: how many of them were one (of whatever kind).
    blocker_precision: float
    blocker_recall: float
    disagreements: tuple[tuple[str, BlockerKind | None, BlockerKind | None], ...]


def measure(titles: Sequence[tuple[str, BlockerKind | None]]) -> Measured:
    """Per kind and overall, what the classifier says of `titles` against their labels."""
    said = [(title, expected, blocker_kind(title)) for title, expected in titles]
    kinds = tuple(
        KindScore(
            kind,
            sum(e is kind and g is kind for _, e, g in said),
            sum(e is not kind and g is kind for _, e, g in said),
            sum(e is kind and g is not kind for _, e, g in said),
        )
        for kind in BlockerKind
    )
    flagged = [(e, g) for _, e, g in said if g is not None]
    blockers = [(e, g) for _, e, g in said if e is not None]
    return Measured(
        kinds,
        sum(e is not None for e, _ in flagged) / max(1, len(flagged)),
        sum(g is not None for _, g in blockers) / max(1, len(blockers)),
        tuple((t, e, g) for t, e, g in said if e is not g),
    )


def _figure(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def report(name: str, titles: Sequence[tuple[str, BlockerKind | None]]) -> str:
    measured = measure(titles)
    lines = [
        f"{name}: {len(titles)} titles, {sum(e is not None for _, e in titles)} blockers",
        "| kind | precision | recall | tp | fp | fn |",
        "|:-----|----------:|-------:|---:|---:|---:|",
    ]
    for score in measured.kinds:
        lines.append(
            f"| {score.kind.value} | {_figure(score.precision)} | {_figure(score.recall)} | "
            f"{score.true_positives} | {score.false_positives} | {score.false_negatives} |"
        )
    lines.append(
        f"| any blocker | {measured.blocker_precision:.2f} | {measured.blocker_recall:.2f} | | | |"
    )
    for title, expected, got in measured.disagreements:
        lines.append(f"  disagrees: {title!r}: labelled {expected}, said {got}")
    return "\n".join(lines)


def main(argv: Sequence[str] = ()) -> int:
    del argv
    print(report("tuned (the rules were written on these)", TITLES))
    if UNSEEN:
        print()
        print(report("unseen (written after the rules were frozen)", UNSEEN))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
