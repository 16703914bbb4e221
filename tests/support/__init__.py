"""What tests share, and only that: fake servers on loopback (`local_servers`, `fake_github`),
scorecard builders (`scorecards`), the sample GitHub world (`github_world`) and the link-checker
set-up (`checking`). Test modules import from here, never from each other; the benchmarks may
use the fakes too."""
