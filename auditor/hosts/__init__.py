"""Host adapters: facts about repositories and records, read through each host's public API
(never its HTML pages), one adapter per host family, every one a `hosts.adapter.HostAdapter`.

* `hosts.adapter` — the interface: what an adapter is given (a URL and its `LinkKind`), what
  it answers (`HostAnswer`: a `models.RepoCheck` and its `Reason`), the reason vocabulary.
* `hosts.answers` — what an API answer means, for every adapter: gone, moved, blocked, could
  not ask; the one strictness rule for malformed answers and facts.
* `hosts.listing` — a repository's facts from its root listing, README and dependency lists.
* `hosts.github` — GitHub and GitHub Enterprise: GraphQL batches with a token, REST without.
* `hosts.forges` — the registry and chooser of the others (GitLab, Hugging Face, Bitbucket,
  Codeberg and Forgejo, Gitee, Zenodo, Software Heritage, OSF), which ask through `hosts.api`,
  the JSON GET they share.
* `hosts.archives`, `hosts.code_search` — after the verdicts, within `hosts.budgets`.

Every adapter answers in the same shape whichever host gave it, and never raises for what a
host answered. Which URLs an adapter serves, `auditor.links` decides; how to ask over HTTP,
`auditor.net` does.
"""
