#!/usr/bin/env bash
# The run history kept on a branch of its own, where it survives: the Actions cache evicts
# entries unused for 7 days, so a weekly schedule that drifts would lose it.
#
#   history-branch.sh restore   copy the branch's history.sqlite to HISTORY_FILE (nothing on
#                               the first run, while the branch does not exist yet)
#   history-branch.sh save      commit HISTORY_FILE as the branch's history.sqlite and push it,
#                               only when AUDIT_EXIT_CODE is 0 or 1 (1: findings)
#
# Environment: HISTORY_FILE, HISTORY_BRANCH, AUDIT_EXIT_CODE (save); HISTORY_REMOTE (default:
# this repository on GitHub); GITHUB_TOKEN, sent as a header: in no URL, command line or file.
set -euo pipefail

command=${1:-}
: "${HISTORY_FILE:?}" "${HISTORY_BRANCH:?}"
# A relative HISTORY_FILE names a file under the folder this was started in (the workflow's
# `history/history.sqlite`); git below runs in another folder.
case $HISTORY_FILE in /*) ;; *) HISTORY_FILE=$PWD/$HISTORY_FILE ;; esac
remote=${HISTORY_REMOTE:-${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:?}.git}
ref=refs/heads/$HISTORY_BRANCH
stored=history.sqlite

# The branch name is printed in every message: checked first, and shown quoted (%q) until it
# is, so a newline in it cannot start a workflow command of its own.
fail_named() {
  echo "${GITHUB_ACTIONS:+::error::}history branch $1: $2" >&2
  exit 1
}
case $HISTORY_BRANCH in
  *[[:cntrl:]]*) fail_named "$(printf %q "$HISTORY_BRANCH")" "a control character (a newline?) in the name" ;;
esac
git check-ref-format --branch "$HISTORY_BRANCH" >/dev/null 2>&1 ||
  fail_named "$(printf %q "$HISTORY_BRANCH")" "not a valid branch name (git check-ref-format)"

fail() {
  fail_named "$HISTORY_BRANCH" "$*"
}

if [ -n "${GITHUB_TOKEN:-}" ]; then
  credential=$(printf 'x-access-token:%s' "$GITHUB_TOKEN" | base64 | tr -d '\n')
  if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::add-mask::$credential"; fi
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.extraheader
  export GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $credential"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git init -q --bare "$work"

# The repository's default branch holds its code: the history never goes there. (An empty
# repository has none yet; the tree check in `save` covers every other branch with files.)
refuse_default_branch() {
  local default
  default=$(git -C "$work" ls-remote --symref "$remote" HEAD 2>/dev/null |
    sed -n 's|^ref: refs/heads/\(.*\)\tHEAD$|\1|p') || true
  [ "$HISTORY_BRANCH" != "$default" ] ||
    fail "is the repository's default branch; name a branch of its own (paper-auditor-history)"
}

# The branch's commit, fetched into $work; 1 when the branch does not exist yet. Every git
# command runs in $work: the caller's checkout may hold a credential header of its own, and
# two Authorization headers are refused.
fetch_branch() {
  local status=0
  git -C "$work" ls-remote --exit-code "$remote" "$ref" >/dev/null || status=$?
  case $status in
    0) git -C "$work" fetch -q --depth=1 "$remote" "$ref" ;;
    2) return 1 ;;
    *) fail "cannot reach $remote (git ls-remote exited $status)" ;;
  esac
}

case $command in
  restore)
    refuse_default_branch
    if ! fetch_branch; then
      echo "history branch $HISTORY_BRANCH does not exist yet: this run starts the history"
      exit 0
    fi
    git -C "$work" cat-file -e "FETCH_HEAD:$stored" 2>/dev/null ||
      fail "the branch holds no $stored; name another branch"
    mkdir -p "$(dirname "$HISTORY_FILE")"
    git -C "$work" cat-file blob "FETCH_HEAD:$stored" >"$HISTORY_FILE"
    echo "history restored from branch $HISTORY_BRANCH ($(git -C "$work" rev-parse FETCH_HEAD))"
    ;;
  save)
    # A usage error, a damaged history, nothing checked or a crash (2, 3, 4) is not a run to
    # compare the next one with; the tool leaves the history untouched then, and so does this.
    case ${AUDIT_EXIT_CODE:-} in
      0 | 1) ;;
      *)
        echo "history not saved: the audit exited ${AUDIT_EXIT_CODE:-before it ran}"
        exit 0
        ;;
    esac
    [ -s "$HISTORY_FILE" ] || fail "$HISTORY_FILE is missing or empty"
    refuse_default_branch
    parent=()
    if fetch_branch; then
      [ "$(git -C "$work" ls-tree --name-only FETCH_HEAD)" = "$stored" ] ||
        fail "holds files other than $stored: not a history branch; name another branch"
      parent=(-p "$(git -C "$work" rev-parse FETCH_HEAD)")
    fi
    blob=$(git -C "$work" hash-object -w "$HISTORY_FILE")
    tree=$(printf '100644 blob %s\t%s\n' "$blob" "$stored" | git -C "$work" mktree)
    export GIT_AUTHOR_NAME=paper-auditor GIT_COMMITTER_NAME=paper-auditor
    export GIT_AUTHOR_EMAIL=paper-auditor@users.noreply.github.com
    export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
    commit=$(git -C "$work" commit-tree "$tree" "${parent[@]}" \
      -m "Run history of paper-auditor${GITHUB_RUN_ID:+ (run $GITHUB_RUN_ID)}")
    # A plain push: it fails, rather than overwrite, if another run pushed in between.
    if ! said=$(git -C "$work" push -q --porcelain "$remote" "$commit:$ref" 2>&1); then
      case $said in
        *"(fetch first)"* | *"(non-fast-forward)"*)
          fail "another run saved its history first (push rejected: not a fast-forward); this run's is not saved" ;;
        *" 403"* | *"ermission"*" denied"* | *"not allowed"*)
          fail "push refused; the job needs \`permissions: contents: write\`" ;;
        *) fail "push failed: $(printf '%s' "$said" | tr -d '\r' | grep -v '^$' | tail -n 1)" ;;
      esac
    fi
    echo "history saved to branch $HISTORY_BRANCH ($commit)"
    ;;
  *)
    echo "usage: history-branch.sh restore|save" >&2
    exit 2
    ;;
esac
