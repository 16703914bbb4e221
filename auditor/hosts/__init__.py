"""Host adapters: facts about repositories and records, read through each host's public API
(never its HTML pages), one adapter per host family.

* `hosts.github` — GitHub and GitHub Enterprise: GraphQL batches with a token, REST without.
* `hosts.gitlab` — GitLab projects; `hosts.huggingface` — Hugging Face models, datasets and
  Spaces; both through `hosts.api`, the JSON GET every such adapter shares.

Every adapter answers a `models.RepoCheck` (a link verdict and, when the host told us, the
`RepoFacts`), identical in shape whichever host gave them, and never raises for what a host
answered. Which URLs an adapter serves, `auditor.links` decides; how to ask over HTTP,
`auditor.net` does.
"""
