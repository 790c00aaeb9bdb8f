#!/usr/bin/env bash
# A preview environment for each pull request: the steps of pr-preview.yml,
# kept here so that they run the same in the workflow and on your machine
# (docs/pull-request-previews.md). Run it in the Pulumi project's folder.
#
#   PR_NUMBER=7 pr-preview.sh up       makes the stack pr-7 from the base stack's
#                                      configuration (the first time), deploys it,
#                                      and writes the comment (its sites' and
#                                      gateways' URLs) to pr-<N>-preview.md
#   PR_NUMBER=7 pr-preview.sh comment  posts that comment on the pull request, or
#                                      updates the one posted before (gh, GH_TOKEN,
#                                      GITHUB_REPOSITORY)
#   PR_NUMBER=7 pr-preview.sh down     destroys pr-7 and removes the stack
#
# BASE_STACK: the stack whose configuration a new preview copies (default
# production). Every command names its stack (--stack), so previews of several
# pull requests may run at once from one folder.
set -euo pipefail

action=${1:-}
: "${PR_NUMBER:?set PR_NUMBER to the pull request number}"
base=${BASE_STACK:-production}
stack="pr-$PR_NUMBER"
comment_file=${COMMENT_FILE:-pr-$PR_NUMBER-preview.md}
marker="<!-- stackfile-pr-preview -->"

# Whether the project has the stack (pulumi stack ls lists the project's stacks).
has_stack() {
  pulumi stack ls --json | node -e '
    const names = JSON.parse(require("fs").readFileSync(0, "utf8")).map((s) => s.name.split("/").pop());
    process.exit(names.includes(process.argv[1]) ? 0 : 1)' "$1"
}

# A new checkout (each CI run is one) has no Pulumi.<stack>.yaml: the stack's
# configuration comes back from its last deploy (pulumi config refresh), or,
# when it has none (its first deploy failed), from the base stack again.
local_config() {
  [ -f "Pulumi.$stack.yaml" ] && return 0
  pulumi config refresh --stack "$stack" || pulumi config cp --stack "$base" --dest "$stack"
}

case "$action" in
  up)
    if has_stack "$stack"; then
      echo "pr-preview: updating the stack $stack"
      local_config
    else
      echo "pr-preview: making the stack $stack with the configuration of $base"
      pulumi stack init "$stack" --copy-config-from "$base" --no-select
    fi
    pulumi up --yes --skip-preview --stack "$stack"
    # Every https:// output (a site's or a gateway's URL, a custom domain's), by output and field.
    pulumi stack output --json --stack "$stack" | node -e '
      const [stack, marker] = process.argv.slice(1);
      const outputs = JSON.parse(require("fs").readFileSync(0, "utf8"));
      const urls = [];
      const walk = (value, at) => {
        if (typeof value === "string" && /^https:\/\//.test(value)) urls.push(`- ${at}: ${value}`);
        else if (Array.isArray(value)) value.forEach((v, i) => walk(v, value.length > 1 ? `${at}[${i}]` : at));
        else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k);
      };
      walk(outputs, "");
      const sha = process.env.GITHUB_SHA ? ` at ${process.env.GITHUB_SHA.slice(0, 7)}` : "";
      console.log([marker, `### Preview environment \`${stack}\`${sha}`, "", ...(urls.length ? urls : ["(no site or gateway URL among the outputs)"]), "",
        "Destroyed when the pull request closes."].join("\n"));' "$stack" "$marker" > "$comment_file"
    cat "$comment_file"
    ;;
  comment)
    : "${GITHUB_REPOSITORY:?set GITHUB_REPOSITORY (owner/name)}"
    [ -s "$comment_file" ] || { echo "pr-preview: no $comment_file: run 'pr-preview.sh up' first" >&2; exit 2; }
    id=$(gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate \
      --jq ".[] | select(.user.login == \"github-actions[bot]\" and (.body | startswith(\"$marker\"))) | .id" | head -n 1)
    if [ -n "$id" ]; then
      gh api -X PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F "body=@$comment_file" > /dev/null
      echo "pr-preview: updated comment $id"
    else
      gh api -X POST "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" -F "body=@$comment_file" > /dev/null
      echo "pr-preview: posted the comment"
    fi
    ;;
  down)
    if ! has_stack "$stack"; then
      echo "pr-preview: no stack $stack (never deployed, or removed already)"
      exit 0
    fi
    local_config
    pulumi destroy --yes --stack "$stack"
    pulumi stack rm --yes --stack "$stack"
    echo "pr-preview: destroyed and removed $stack"
    ;;
  *)
    echo "usage: PR_NUMBER=N pr-preview.sh up|comment|down" >&2
    exit 2
    ;;
esac
