"""A precision probe of README weights and data links on text nobody tuned on: READMEs written
for this probe (never corpus text), one group per class of link that decides `data_urls`'
precision (a dataset's paper, a benchmark's leaderboard or homepage, a dataset's tools, a
licence, a documentation page, another work's dataset used as an example, a run's results or
logs, a data loader's source) or the weights cover's (a base model, backbone or encoder the
README tells you to download; the paper's own release), each beside near misses that are the
data or the paper's weights.

    python -m benchmarks.artifact_probe            # per class, every disagreement listed
    python -m benchmarks.artifact_probe --held-out # the READMEs written after the rules
    BENCH_AUDITOR_ROOT=DIR python -m benchmarks.artifact_probe   # another checkout's auditor

Labels follow the corpus's conventions (`weights`: the paper's own trained weights are given;
`weights_urls`: every URL given for them; `data_urls`: every URL given for downloading data,
as written). `HELD_OUT` was written after the rules were changed and never tuned on.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [os.environ.get("BENCH_AUDITOR_ROOT") or str(ROOT), str(ROOT)]

from auditor.models import ReadmeCover  # noqa: E402
from auditor.readme import artifacts  # noqa: E402
from auditor.readme.analysis import analyze_readme  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One README of our writing, labelled as the corpus labels its READMEs."""

    group: str  # the class of link it probes
    repository: str
    text: str
    weights_urls: tuple[str, ...] = ()
    data_urls: tuple[str, ...] = ()
    weights: bool = False


def _readme(title: str, *body: str) -> str:
    return f"# {title}\n\nOfficial implementation of {title}.\n\n" + "\n".join(body) + "\n"


CASES: tuple[Case, ...] = (
    # --- a dataset's paper is not the dataset -------------------------------------------------
    Case(
        "dataset-paper",
        "orbit-lab/TrackFormer",
        _readme(
            "TrackFormer",
            "## Data",
            "",
            "We evaluate on MOT17, introduced in [this paper](https://arxiv.org/abs/1603.00831).",
            "Download the sequences from https://motchallenge.net/data/MOT17.zip and unzip them",
            "into `data/`.",
        ),
        data_urls=("https://motchallenge.net/data/MOT17.zip",),
    ),
    Case(
        "dataset-paper",
        "kiln-ai/LongQA",
        _readme(
            "LongQA",
            "## Datasets",
            "",
            "- NarrativeQA ([Kočiský et al., 2018](https://aclanthology.org/Q18-1023/)):"
            " https://huggingface.co/datasets/deepmind/narrativeqa",
            "- QuALITY ([paper](https://arxiv.org/abs/2112.08608)):"
            " https://github.com/nyu-mll/quality/tree/main/data",
        ),
        data_urls=(
            "https://huggingface.co/datasets/deepmind/narrativeqa",
            "https://github.com/nyu-mll/quality/tree/main/data",
        ),
    ),
    Case(
        "dataset-paper",
        "geo-vision/TerraSeg",
        _readme(
            "TerraSeg",
            "## Preparing the data",
            "",
            "The LoveDA benchmark ([NeurIPS 2021](https://datasets-benchmarks-proceedings."
            "neurips.cc/paper/2021/hash/4e732ced3463d06de0ca9a15b6153677-Abstract-round2.html))"
            " can be obtained from [Zenodo](https://zenodo.org/record/5706578).",
        ),
        data_urls=("https://zenodo.org/record/5706578",),
    ),
    Case(
        "dataset-paper",
        "medic-ai/ChestRank",
        _readme(
            "ChestRank",
            "## Dataset",
            "",
            "We use MIMIC-CXR. Please read the dataset description"
            " ([Johnson et al.](https://www.nature.com/articles/s41597-019-0322-0)) and request"
            " access on [PhysioNet](https://physionet.org/content/mimic-cxr-jpg/2.0.0/).",
        ),
        data_urls=("https://physionet.org/content/mimic-cxr-jpg/2.0.0/",),
    ),
    # --- a benchmark's leaderboard or homepage ------------------------------------------------
    Case(
        "leaderboard-homepage",
        "swift-nlp/ReasonLM",
        _readme(
            "ReasonLM",
            "## Evaluation data",
            "",
            "Our model ranks first on the [ARC leaderboard](https://leaderboard.allenai.org/arc/"
            "submissions/public) as of May 2025.",
            "The evaluation sets are downloaded automatically from"
            " https://huggingface.co/datasets/allenai/ai2_arc.",
        ),
        data_urls=("https://huggingface.co/datasets/allenai/ai2_arc",),
    ),
    Case(
        "leaderboard-homepage",
        "drive-lab/OccNet3D",
        _readme(
            "OccNet3D",
            "## Data preparation",
            "",
            "1. Register on the [nuScenes website](https://www.nuscenes.org/) and download the"
            " full dataset from https://www.nuscenes.org/download.",
            "2. Submit test-set predictions to the"
            " [evaluation server](https://eval.ai/web/challenges/challenge-page/2045/overview).",
        ),
        data_urls=("https://www.nuscenes.org/download",),
    ),
    Case(
        "leaderboard-homepage",
        "polyglot-mt/TinyMT",
        _readme(
            "TinyMT",
            "## Data",
            "",
            "We train on WMT14 En-De. See the [WMT14 shared task page](https://www.statmt.org/"
            "wmt14/translation-task.html) for the task description and the"
            " [SacreBLEU signatures](https://github.com/mjpost/sacrebleu#signatures) we report.",
            "Preprocessed data: [download](https://polyglot-mt.github.io/files/wmt14_ende_bpe.tar.gz).",
        ),
        data_urls=("https://polyglot-mt.github.io/files/wmt14_ende_bpe.tar.gz",),
    ),
    Case(
        "leaderboard-homepage",
        "sight-lab/VQAPro",
        _readme(
            "VQAPro",
            "## Benchmarks",
            "",
            "| Benchmark | Homepage | Ours |",
            "| --- | --- | --- |",
            "| GQA | [link](https://cs.stanford.edu/people/dorarad/gqa/) | 64.1 |",
            "| TextVQA | [link](https://textvqa.org/) | 71.3 |",
            "",
            "Download our processed annotations from"
            " https://huggingface.co/datasets/sight-lab/vqapro-annotations.",
        ),
        data_urls=("https://huggingface.co/datasets/sight-lab/vqapro-annotations",),
    ),
    # --- a dataset's tools are code, not the data ---------------------------------------------
    Case(
        "tools-repository",
        "drive-lab/LidarDet",
        _readme(
            "LidarDet",
            "## Data",
            "",
            "Install the [nuScenes devkit](https://github.com/nutonomy/nuscenes-devkit) and run",
            "`python tools/create_data.py` to build the info files.",
        ),
    ),
    Case(
        "tools-repository",
        "speech-ai/FastASR",
        _readme(
            "FastASR",
            "## Data preparation",
            "",
            "We prepare LibriSpeech with the recipes of"
            " [Lhotse](https://github.com/lhotse-speech/lhotse). The raw audio is at"
            " https://www.openslr.org/12.",
        ),
        data_urls=("https://www.openslr.org/12",),
    ),
    Case(
        "tools-repository",
        "pose-lab/HandMesh",
        _readme(
            "HandMesh",
            "## Datasets",
            "",
            "FreiHAND: download it from https://lmb.informatik.uni-freiburg.de/resources/"
            "datasets/FreihandDataset.en.html.",
            "The evaluation uses the official toolkit: https://github.com/lmb-freiburg/freihand.",
        ),
        data_urls=(
            "https://lmb.informatik.uni-freiburg.de/resources/datasets/FreihandDataset.en.html",
        ),
    ),
    Case(
        "tools-repository",
        "robo-learn/GraspBench",
        _readme(
            "GraspBench",
            "## Dataset",
            "",
            "The scenes are rendered with [BlenderProc](https://github.com/DLR-RM/BlenderProc)"
            " and converted by the [COCO API](https://github.com/cocodataset/cocoapi).",
            "Our rendered dataset: https://huggingface.co/datasets/robo-learn/graspbench.",
        ),
        data_urls=("https://huggingface.co/datasets/robo-learn/graspbench",),
    ),
    # --- a licence ----------------------------------------------------------------------------
    Case(
        "licence",
        "bio-ml/CellAtlas",
        _readme(
            "CellAtlas",
            "## Data",
            "",
            "The atlas is on [figshare](https://figshare.com/articles/dataset/cellatlas/24511234)"
            " under the [CC BY-NC 4.0](https://creativecommons.org/licenses/by-nc/4.0/)"
            " licence; the images are subject to the [Human Protein Atlas terms]"
            "(https://www.proteinatlas.org/about/licence).",
        ),
        data_urls=("https://figshare.com/articles/dataset/cellatlas/24511234",),
    ),
    Case(
        "licence",
        "text-lab/NewsSum",
        _readme(
            "NewsSum",
            "## Dataset",
            "",
            "The articles may only be used for research, per the"
            " [CNN terms of use](https://edition.cnn.com/terms). Get the summaries with",
            "",
            "```",
            "wget https://text-lab.org/newssum/newssum_v1.jsonl",
            "```",
        ),
        data_urls=("https://text-lab.org/newssum/newssum_v1.jsonl",),
    ),
    Case(
        "licence",
        "audio-ml/BirdSong",
        _readme(
            "BirdSong",
            "## Data",
            "",
            "Recordings come from xeno-canto and keep their original licences"
            " (see https://xeno-canto.org/about/terms). The clip list is at"
            " https://zenodo.org/records/10011111.",
        ),
        data_urls=("https://zenodo.org/records/10011111",),
    ),
    # --- a documentation page -----------------------------------------------------------------
    Case(
        "documentation",
        "graph-lab/MolGNN",
        _readme(
            "MolGNN",
            "## Datasets",
            "",
            "We use the OGB datasets; see the [OGB documentation](https://ogb.stanford.edu/docs/"
            "graphprop/) for their splits. They are downloaded on first use.",
        ),
    ),
    Case(
        "documentation",
        "vision-ai/DenseCLIP",
        _readme(
            "DenseCLIP",
            "## Data preparation",
            "",
            "Prepare ADE20K following the"
            " [MMSegmentation guide](https://mmsegmentation.readthedocs.io/en/latest/"
            "user_guides/2_dataset_prepare.html#ade20k).",
            "Download the images from http://data.csail.mit.edu/places/ADEchallenge/"
            "ADEChallengeData2016.zip.",
        ),
        data_urls=("http://data.csail.mit.edu/places/ADEchallenge/ADEChallengeData2016.zip",),
    ),
    Case(
        "documentation",
        "kiln-ai/TableQA",
        _readme(
            "TableQA",
            "## Data format",
            "",
            "Each example follows the [schema described here](https://kiln-ai.github.io/TableQA/"
            "format.html). The data itself is at https://huggingface.co/datasets/kiln-ai/tableqa.",
        ),
        data_urls=("https://huggingface.co/datasets/kiln-ai/tableqa",),
    ),
    # --- another work's dataset used only as an example ---------------------------------------
    Case(
        "example-dataset",
        "tune-lab/QuickTune",
        _readme(
            "QuickTune",
            "## Custom data",
            "",
            "Your data should be a JSON list in the format of"
            " [Alpaca](https://huggingface.co/datasets/tatsu-lab/alpaca), for example:",
            "",
            "```json",
            '[{"instruction": "...", "input": "", "output": "..."}]',
            "```",
        ),
    ),
    Case(
        "example-dataset",
        "tune-lab/LoRAFlow",
        _readme(
            "LoRAFlow",
            "## Fine-tuning on your own data",
            "",
            "Any Hub dataset works, e.g. `--dataset imdb`"
            " (https://huggingface.co/datasets/stanfordnlp/imdb).",
            "",
            "## Our data",
            "",
            "The instruction set used in the paper: https://huggingface.co/datasets/tune-lab/"
            "loraflow-instruct.",
        ),
        data_urls=("https://huggingface.co/datasets/tune-lab/loraflow-instruct",),
    ),
    Case(
        "example-dataset",
        "gen-lab/ImageGen",
        _readme(
            "ImageGen",
            "## Training on a custom dataset",
            "",
            "Arrange your images like the [Pokémon BLIP captions]"
            "(https://huggingface.co/datasets/lambdalabs/pokemon-blip-captions) dataset: one"
            " image and one caption per row.",
        ),
    ),
    # --- a run's results or logs ----------------------------------------------------------------
    Case(
        "results-logs",
        "orbit-lab/SegMaster",
        _readme(
            "SegMaster",
            "## Results",
            "",
            "| Dataset | mIoU | Log |",
            "| --- | --- | --- |",
            "| Cityscapes | 83.1 | [log](https://github.com/orbit-lab/SegMaster/releases/download/"
            "v1.0/cityscapes_log.json) |",
            "",
            "Download Cityscapes from https://www.cityscapes-dataset.com/downloads/.",
        ),
        data_urls=("https://www.cityscapes-dataset.com/downloads/",),
    ),
    Case(
        "results-logs",
        "swift-nlp/ReasonLM",
        _readme(
            "ReasonLM",
            "## Evaluation",
            "",
            "The generations of every model on the test sets are at"
            " [Google Drive](https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOpQ).",
            "The raw scores are in [results.csv](https://github.com/swift-nlp/ReasonLM/blob/main/"
            "results.csv).",
        ),
    ),
    Case(
        "results-logs",
        "rl-lab/AntMaze",
        _readme(
            "AntMaze",
            "## Data",
            "",
            "The offline datasets are from D4RL: https://rail.eecs.berkeley.edu/datasets/"
            "offline_rl/ant_maze_v2/.",
            "Training curves of all runs: https://wandb.ai/rl-lab/antmaze/reports/curves.",
            "Evaluation logs: [Dropbox](https://www.dropbox.com/s/abc123/eval_logs.zip).",
        ),
        data_urls=("https://rail.eecs.berkeley.edu/datasets/offline_rl/ant_maze_v2/",),
    ),
    # --- a data loader's source -----------------------------------------------------------------
    Case(
        "loader-source",
        "vision-ai/TinyViT",
        _readme(
            "TinyViT",
            "## Data",
            "",
            "We read ImageNet with the loader of"
            " [timm](https://github.com/huggingface/pytorch-image-models/tree/main/timm/data).",
            "Download ImageNet-1k from https://image-net.org/download.php.",
        ),
        data_urls=("https://image-net.org/download.php",),
    ),
    Case(
        "loader-source",
        "graph-lab/TempGraph",
        _readme(
            "TempGraph",
            "## Datasets",
            "",
            "The dataset classes are in [`tempgraph/datasets/`](https://github.com/graph-lab/"
            "TempGraph/tree/main/tempgraph/datasets); each downloads its files on first use.",
        ),
    ),
    Case(
        "loader-source",
        "speech-ai/Voicer",
        _readme(
            "Voicer",
            "## Data",
            "",
            "VCTK is loaded through"
            " [torchaudio's VCTK class](https://pytorch.org/audio/stable/generated/"
            "torchaudio.datasets.VCTK_092.html), which fetches"
            " https://datashare.ed.ac.uk/handle/10283/3443 for you.",
        ),
        data_urls=("https://datashare.ed.ac.uk/handle/10283/3443",),
    ),
    # --- a base model, backbone or encoder to download is a dependency ------------------------
    Case(
        "base-model",
        "tune-lab/MathTutor",
        _readme(
            "MathTutor",
            "## Setup",
            "",
            "Download the base model [Qwen2.5-7B](https://huggingface.co/Qwen/Qwen2.5-7B) and",
            "put it under `models/`.",
            "",
            "## Training",
            "",
            "```",
            "bash train.sh",
            "```",
        ),
    ),
    Case(
        "base-model",
        "pose-lab/BodyFit",
        _readme(
            "BodyFit",
            "## Preparation",
            "",
            "Download the pre-trained HRNet encoder from"
            " [here](https://drive.google.com/file/d/1xYzHrNetW32/view) and place it in"
            " `pretrained/`.",
            "Register and download the SMPL body model from https://smpl.is.tue.mpg.de/.",
        ),
    ),
    Case(
        "base-model",
        "vision-ai/MaskRefine",
        _readme(
            "MaskRefine",
            "## Getting started",
            "",
            "1. Download the ImageNet-pretrained Swin-B weights:"
            " [swin_base_patch4_window7_224.pth](https://github.com/SwinTransformer/storage/"
            "releases/download/v1.0.0/swin_base_patch4_window7_224.pth)",
            "2. Train with `python train.py --backbone pretrained/swin_base.pth`",
        ),
    ),
    Case(
        "base-model",
        "speech-ai/EmoVoice",
        _readme(
            "EmoVoice",
            "## Requirements",
            "",
            "Our model uses the speech encoder of"
            " [WavLM-Large](https://huggingface.co/microsoft/wavlm-large); download it before"
            " training.",
            "",
            "## Checkpoints",
            "",
            "Our trained EmoVoice model: https://huggingface.co/speech-ai/emovoice.",
        ),
        weights_urls=("https://huggingface.co/speech-ai/emovoice",),
        weights=True,
    ),
    Case(
        "base-model",
        "gen-lab/FlowEdit",
        _readme(
            "FlowEdit",
            "## Pretrained models",
            "",
            "FlowEdit needs Stable Diffusion v1.5. Fetch it with",
            "",
            "```",
            "huggingface-cli download stable-diffusion-v1-5/stable-diffusion-v1-5"
            " --local-dir ckpt/sd15",
            "```",
            "",
            "and the VAE from https://huggingface.co/stabilityai/sd-vae-ft-mse.",
        ),
    ),
    Case(
        "base-model",
        "robo-learn/VLAgent",
        _readme(
            "VLAgent",
            "## Installation",
            "",
            "We initialise the vision tower from"
            " [SigLIP](https://huggingface.co/google/siglip-so400m-patch14-384) and the language"
            " model from [Llama-3-8B](https://huggingface.co/meta-llama/Meta-Llama-3-8B).",
            "Download both into `checkpoints/`.",
        ),
    ),
    Case(
        "base-model",
        "geo-vision/CropMapper",
        _readme(
            "CropMapper",
            "## Pre-trained encoder",
            "",
            "CropMapper fine-tunes the Prithvi foundation encoder; get it from"
            " https://huggingface.co/ibm-nasa-geospatial/Prithvi-EO-1.0-100M.",
        ),
    ),
    # --- the paper's own release --------------------------------------------------------------
    Case(
        "own-release",
        "orbit-lab/TrackFormer",
        _readme(
            "TrackFormer",
            "## Model zoo",
            "",
            "| Model | MOTA | Checkpoint |",
            "| --- | --- | --- |",
            "| TrackFormer-S | 74.1 | [download](https://github.com/orbit-lab/TrackFormer/releases/"
            "download/v1.0/trackformer_s.pth) |",
            "| TrackFormer-L | 76.3 | [download](https://github.com/orbit-lab/TrackFormer/releases/"
            "download/v1.0/trackformer_l.pth) |",
        ),
        weights_urls=(
            "https://github.com/orbit-lab/TrackFormer/releases/download/v1.0/trackformer_s.pth",
            "https://github.com/orbit-lab/TrackFormer/releases/download/v1.0/trackformer_l.pth",
        ),
        weights=True,
    ),
    Case(
        "own-release",
        "kiln-ai/LongQA",
        _readme(
            "LongQA",
            "## Models",
            "",
            "We release LongQA-7B on the Hub: [kiln-ai/longqa-7b](https://huggingface.co/"
            "kiln-ai/longqa-7b), fine-tuned from"
            " [Mistral-7B](https://huggingface.co/mistralai/Mistral-7B-v0.1).",
        ),
        weights_urls=("https://huggingface.co/kiln-ai/longqa-7b",),
        weights=True,
    ),
    Case(
        "own-release",
        "medic-ai/ChestRank",
        _readme(
            "ChestRank",
            "## Pretrained weights",
            "",
            "Our checkpoints (ResNet-50 backbone) are on"
            " [Google Drive](https://drive.google.com/drive/folders/1ChestRankCkpts).",
            "The ImageNet initialisation is downloaded by torchvision.",
        ),
        weights_urls=("https://drive.google.com/drive/folders/1ChestRankCkpts",),
        weights=True,
    ),
    Case(
        "own-release",
        "gen-lab/ImageGen",
        _readme(
            "ImageGen",
            "## Inference",
            "",
            "```python",
            "from diffusers import DiffusionPipeline",
            'pipe = DiffusionPipeline.from_pretrained("gen-lab/imagegen-xl")',
            "```",
            "",
            "The model card: https://huggingface.co/gen-lab/imagegen-xl.",
        ),
        weights_urls=("https://huggingface.co/gen-lab/imagegen-xl",),
        weights=True,
    ),
    Case(
        "own-release",
        "audio-ml/BirdSong",
        _readme(
            "BirdSong",
            "## Trained models",
            "",
            "| Backbone | mAP | Weights |",
            "| --- | --- | --- |",
            "| EfficientNet-B0 | 0.61 | [zenodo](https://zenodo.org/records/10022222) |",
            "",
            "The EfficientNet ImageNet weights come from"
            " [timm](https://huggingface.co/timm/efficientnet_b0.ra_in1k).",
        ),
        weights_urls=("https://zenodo.org/records/10022222",),
        weights=True,
    ),
)


# Written after the rules were changed, in other words, and never tuned on: the estimate of
# text nobody tuned on.
HELD_OUT: tuple[Case, ...] = (
    Case(
        "dataset-paper",
        "wave-lab/SeisNet",
        _readme(
            "SeisNet",
            "## Data",
            "",
            "STEAD is described in [Mousavi et al. (2019)](https://ieeexplore.ieee.org/document/"
            "8871127); download the chunks from https://github.com/smousavi05/STEAD#download.",
        ),
        data_urls=("https://github.com/smousavi05/STEAD#download",),
    ),
    Case(
        "dataset-paper",
        "nlp-garden/ClaimCheck",
        _readme(
            "ClaimCheck",
            "## Datasets",
            "",
            "| Dataset | Paper | Download |",
            "| --- | --- | --- |",
            "| FEVER | [link](https://aclanthology.org/N18-1074/) | [link](https://fever.ai/"
            "download/fever/train.jsonl) |",
        ),
        data_urls=("https://fever.ai/download/fever/train.jsonl",),
    ),
    Case(
        "leaderboard-homepage",
        "nlp-garden/ClaimCheck",
        _readme(
            "ClaimCheck",
            "## Benchmark data",
            "",
            "We report results on the [FEVER leaderboard](https://codalab.lisn.upsaclay.fr/"
            "competitions/7308#results) and on SciFact, whose homepage is"
            " [here](https://scifact.apps.allenai.org/).",
            "Our converted files can be downloaded from https://zenodo.org/records/11111111.",
        ),
        data_urls=("https://zenodo.org/records/11111111",),
    ),
    Case(
        "leaderboard-homepage",
        "earth-ml/FloodCast",
        _readme(
            "FloodCast",
            "## Dataset",
            "",
            "Sen1Floods11 ([project site](https://github.com/cloudtostreet/Sen1Floods11)) is"
            " mirrored in a public bucket: `gsutil -m cp -r gs://sen1floods11 data/`.",
            "See the [Sen1Floods11 web page](https://www.cloudtostreet.ai/sen1floods11) for the"
            " labelling protocol.",
        ),
    ),
    Case(
        "tools-repository",
        "earth-ml/FloodCast",
        _readme(
            "FloodCast",
            "## Data preparation",
            "",
            "Tiles are cut with [rasterio](https://github.com/rasterio/rasterio) and"
            " [GDAL](https://gdal.org/). The tiled dataset is on"
            " [Hugging Face](https://huggingface.co/datasets/earth-ml/floodcast-tiles).",
        ),
        data_urls=("https://huggingface.co/datasets/earth-ml/floodcast-tiles",),
    ),
    Case(
        "tools-repository",
        "med-vision/PolypSeg",
        _readme(
            "PolypSeg",
            "## Dataset",
            "",
            "1. Kvasir-SEG: https://datasets.simula.no/kvasir-seg/",
            "2. Convert the masks with the scripts of"
            " [PraNet](https://github.com/DengPingFan/PraNet) (`utils/convert.py`).",
        ),
        data_urls=("https://datasets.simula.no/kvasir-seg/",),
    ),
    Case(
        "licence",
        "med-vision/PolypSeg",
        _readme(
            "PolypSeg",
            "## Data",
            "",
            "Our annotations are released under"
            " [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/) at"
            " https://figshare.com/ndownloader/files/40000001.",
            "The images keep the [Kvasir licence](https://datasets.simula.no/kvasir-seg/#license).",
        ),
        data_urls=("https://figshare.com/ndownloader/files/40000001",),
    ),
    Case(
        "documentation",
        "nlp-garden/RetroQA",
        _readme(
            "RetroQA",
            "## Data",
            "",
            "The corpus is built with the [datasets library](https://huggingface.co/docs/"
            "datasets/index); the preprocessed corpus is"
            " [retroqa-wiki](https://huggingface.co/datasets/nlp-garden/retroqa-wiki).",
        ),
        data_urls=("https://huggingface.co/datasets/nlp-garden/retroqa-wiki",),
    ),
    Case(
        "example-dataset",
        "chat-lab/DPOLite",
        _readme(
            "DPOLite",
            "## Using your own preference data",
            "",
            "Preference pairs need the same structure as"
            " [UltraFeedback](https://huggingface.co/datasets/openbmb/UltraFeedback):"
            " a prompt, a chosen and a rejected answer.",
            "",
            "## Data used in the paper",
            "",
            "Download our filtered pairs: https://huggingface.co/datasets/chat-lab/dpolite-pairs.",
        ),
        data_urls=("https://huggingface.co/datasets/chat-lab/dpolite-pairs",),
    ),
    Case(
        "example-dataset",
        "vision-ai/FewShotDet",
        _readme(
            "FewShotDet",
            "## Custom datasets",
            "",
            "Annotations must be in the COCO format; for instance, see"
            " [the balloon dataset](https://github.com/matterport/Mask_RCNN/releases/download/"
            "v2.1/balloon_dataset.zip).",
        ),
    ),
    Case(
        "results-logs",
        "chat-lab/DPOLite",
        _readme(
            "DPOLite",
            "## Evaluation",
            "",
            "AlpacaEval outputs of each model are in"
            " [this folder](https://drive.google.com/drive/folders/1dpoLiteOutputs).",
            "",
            "| Model | Win rate | Config | Checkpoint |",
            "| --- | --- | --- | --- |",
            "| DPOLite-7B | 24.1 | [yaml](https://github.com/chat-lab/DPOLite/releases/download/"
            "v1/dpolite7b.yaml) | [HF](https://huggingface.co/chat-lab/dpolite-7b) |",
        ),
        weights_urls=("https://huggingface.co/chat-lab/dpolite-7b",),
        weights=True,
    ),
    Case(
        "loader-source",
        "wave-lab/SeisNet",
        _readme(
            "SeisNet",
            "## Datasets",
            "",
            "Our data module ([`seisnet/data.py`](https://github.com/wave-lab/SeisNet/blob/main/"
            "seisnet/data.py)) reads the HDF5 file you download from"
            " https://rdr.kuleuven.be/dataset.xhtml?persistentId=doi:10.48804/SEIS01.",
        ),
        data_urls=("https://rdr.kuleuven.be/dataset.xhtml?persistentId=doi:10.48804/SEIS01",),
    ),
    Case(
        "base-model",
        "chat-lab/ToolCaller",
        _readme(
            "ToolCaller",
            "## Preparation",
            "",
            "Fetch the backbone LLM, [Llama-3.1-8B-Instruct](https://huggingface.co/meta-llama/"
            "Llama-3.1-8B-Instruct), and the retriever"
            " [bge-base-en](https://huggingface.co/BAAI/bge-base-en-v1.5).",
        ),
    ),
    Case(
        "base-model",
        "vision-ai/DepthPrompt",
        _readme(
            "DepthPrompt",
            "## Weights",
            "",
            "DepthPrompt requires the pre-trained Depth-Anything-V2 ViT-L checkpoint:"
            " [download](https://huggingface.co/depth-anything/Depth-Anything-V2-Large/resolve/"
            "main/depth_anything_v2_vitl.pth).",
            "Our prompt weights: https://github.com/vision-ai/DepthPrompt/releases/download/v1/"
            "depthprompt_vitl.pth",
        ),
        weights_urls=(
            "https://github.com/vision-ai/DepthPrompt/releases/download/v1/depthprompt_vitl.pth",
        ),
        weights=True,
    ),
    Case(
        "base-model",
        "speech-ai/KWSpot",
        _readme(
            "KWSpot",
            "## Setup",
            "",
            "Download the pre-trained Whisper-small encoder"
            " ([link](https://openaipublic.azureedge.net/main/whisper/models/small.pt)) to"
            " `ckpt/`.",
        ),
    ),
    Case(
        "own-release",
        "speech-ai/KWSpot",
        _readme(
            "KWSpot",
            "## Pre-trained models",
            "",
            "| Model | EER | Download |",
            "| --- | --- | --- |",
            "| KWSpot-S | 2.1 | [Drive](https://drive.google.com/file/d/1kwspotSmall/view) |",
            "| KWSpot-L | 1.7 | [Drive](https://drive.google.com/file/d/1kwspotLarge/view) |",
        ),
        weights_urls=(
            "https://drive.google.com/file/d/1kwspotSmall/view",
            "https://drive.google.com/file/d/1kwspotLarge/view",
        ),
        weights=True,
    ),
    Case(
        "own-release",
        "earth-ml/FloodCast",
        _readme(
            "FloodCast",
            "## Checkpoints",
            "",
            "The FloodCast U-Net trained on Sen1Floods11:"
            " https://huggingface.co/earth-ml/floodcast-unet",
        ),
        weights_urls=("https://huggingface.co/earth-ml/floodcast-unet",),
        weights=True,
    ),
)


@dataclass
class Tally:
    predicted: int = 0
    agreed: int = 0
    labelled: int = 0

    def add(self, predicted: set[str], labelled: set[str]) -> None:
        self.predicted += len(predicted)
        self.agreed += len(predicted & labelled)
        self.labelled += len(labelled)

    def figures(self) -> str:
        precision = f"{self.agreed / self.predicted:.3f}" if self.predicted else "–"
        recall = f"{self.agreed / self.labelled:.3f}" if self.labelled else "–"
        return f"{precision} / {recall} ({self.agreed} of {self.predicted} found, {self.labelled})"


def main(argv: list[str] | None = None) -> int:
    held_out = "--held-out" in (sys.argv[1:] if argv is None else argv)
    cases = HELD_OUT if held_out else CASES
    groups: dict[str, dict[str, Tally]] = {}
    total = {name: Tally() for name in ("weights cover", "weights_urls", "data_urls")}
    wrong: list[str] = []
    for case in cases:
        facts = analyze_readme(case.text, repository=case.repository)
        found = {
            "weights cover": {"yes"} if ReadmeCover.WEIGHTS in facts.covers else set(),
            "weights_urls": set(artifacts.weights_urls(facts.artifacts)),
            "data_urls": set(artifacts.data_urls(facts.artifacts)),
        }
        labelled = {
            "weights cover": {"yes"} if case.weights else set(),
            "weights_urls": set(case.weights_urls),
            "data_urls": set(case.data_urls),
        }
        tallies = groups.setdefault(case.group, {name: Tally() for name in total})
        for name in total:
            for tally in (tallies[name], total[name]):
                tally.add(found[name], labelled[name])
            for url in sorted(found[name] - labelled[name]):
                wrong.append(f"  {case.group} · {case.repository} · {name} · not labelled · {url}")
            for url in sorted(labelled[name] - found[name]):
                wrong.append(f"  {case.group} · {case.repository} · {name} · missed · {url}")
    out = sys.stdout
    out.write(f"{len(cases)} READMEs of our writing; precision / recall (found, labelled)\n\n")
    out.write("| class | weights cover | weights_urls | data_urls |\n| --- | --- | --- | --- |\n")
    for group, tallies in groups.items():
        out.write(f"| {group} | " + " | ".join(t.figures() for t in tallies.values()) + " |\n")
    out.write("| all | " + " | ".join(t.figures() for t in total.values()) + " |\n")
    out.write("\nDisagreements:\n" + ("\n".join(wrong) if wrong else "  none") + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
