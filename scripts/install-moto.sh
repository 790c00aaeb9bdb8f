#!/usr/bin/env bash
# Installs moto's server (PyPI moto[server], pinned with every dependency in
# tools/moto/requirements.txt) into a Python venv at .tools/moto/ (git-ignored);
# does nothing when the venv there was made from the same file.
# The tests start it with .tools/moto/bin/python -m moto.server (test/moto-server.ts).
# Needs python3 with venv and pip, and PyPI; about 320 MB.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
req="$repo/tools/moto/requirements.txt"
out="$repo/.tools/moto"
command -v python3 >/dev/null 2>&1 || { echo "install-moto: python3 is not installed (apt-get install python3 python3-venv)" >&2; exit 1; }
want=$( (cat "$req" "$0"; python3 --version) | sha256sum | cut -c1-16)
if [ -x "$out/bin/python" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$want" ]; then
  exit 0
fi
mkdir -p "$repo/.tools"
# Built beside, then moved into place: a half-made venv is never at .tools/moto,
# and two checkouts sharing one .tools do not build into the same folder.
# (A moved venv runs as bin/python -m ...: its scripts' shebangs keep the old path.)
tmp=$(mktemp -d "$repo/.tools/moto.new.XXXXXX")
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
echo "install-moto: installing moto's server into .tools/moto/ (tools/moto/requirements.txt)" >&2
python3 -m venv "$tmp"
"$tmp/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "$req"
"$tmp/bin/python" -m pip check --disable-pip-version-check >/dev/null || {
  "$tmp/bin/python" -m pip check --disable-pip-version-check >&2 || true
  echo "install-moto: tools/moto/requirements.txt misses a dependency (above): write the freeze of a fresh moto[server] install there" >&2
  exit 1
}
echo "$want" > "$tmp/.stamp"
rm -rf "$out.old"
[ -e "$out" ] && mv "$out" "$out.old"
mv "$tmp" "$out"
rm -rf "$out.old"
trap - EXIT
echo "install-moto: ready in $(( $(date +%s) - start )) s: $("$out/bin/python" -m pip show moto 2>/dev/null | sed -n 's/^Version: /moto /p')" >&2
