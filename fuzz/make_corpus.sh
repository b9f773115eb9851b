#!/usr/bin/env bash
# Builds the seed corpus of the fuzz targets at run time (nothing generated is
# committed: the OpenFOAM tutorials are GPL):
#   fuzz/seeds/<target>/    small hand-written seeds (ours)
#   cases/                  our example cases
#   OpenFOAM tutorials      /usr/share/doc/openfoam-examples/examples/, when installed
# Files are named by their SHA-1, so duplicates collapse; only files up to
# MAX_BYTES (default 4096, the CI's -max_len) are taken.
#   fuzz/make_corpus.sh build-fuzz/corpus          # -> build-fuzz/corpus/{dictionary,block_mesh,poly_mesh,field}
set -euo pipefail
out=${1:?usage: fuzz/make_corpus.sh OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
tutorials=${OPENFOAM_TUTORIALS:-/usr/share/doc/openfoam-examples/examples}
max_bytes=${MAX_BYTES:-4096}

# add TARGET FILE...: copies each small file into OUT/TARGET/<sha1> (one
# python process per call: thousands of files, no fork per file).
add() {
  python3 - "$out/$1" "$max_bytes" "${@:2}" <<'PY'
import hashlib, os, sys
out, max_bytes = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
for name in sys.argv[3:]:
    if not os.path.isfile(name) or os.path.getsize(name) > max_bytes:
        continue
    data = open(name, "rb").read()
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
PY
}
# Reads NUL-separated file names from stdin into add.
add_found() { local files=(); mapfile -d '' files; [ ${#files[@]} -eq 0 ] || add "$1" "${files[@]}"; }
rm -rf "$out"
for target in dictionary block_mesh poly_mesh field; do
  add "$target" "$root"/fuzz/seeds/"$target"/*
done

find "$root/cases" \( -path '*/system/*' -o -path '*/constant/*' -o -path '*/0/*' \) -type f \
  ! -path '*/polyMesh/*' -print0 | add_found dictionary
find "$root/cases" -path '*/system/blockMeshDict' -type f -print0 | add_found block_mesh
find "$root/cases" -path '*/0/*' -type f -print0 | add_found field

if [ -d "$tutorials" ]; then
  find "$tutorials" \( -path '*/system/*' -o -path '*/constant/*' \) -type f ! -name '*.gz' \
    ! -path '*/polyMesh/*' ! -path '*/triSurface/*' -print0 | add_found dictionary
  find "$tutorials" -path '*/system/blockMeshDict*' -type f ! -name '*.gz' -print0 | add_found block_mesh
  find "$tutorials" \( -path '*/0/*' -o -path '*/0.orig/*' \) -type f ! -name '*.gz' -print0 | add_found field
  # polyMesh seeds: our one-cell mesh with a tutorial's boundary file (plain
  # or gzipped) in place of its own, at most 40.
  base="$root/fuzz/seeds/poly_mesh/hex_ascii"
  n=0
  while IFS= read -r -d '' boundary && [ "$n" -lt 40 ]; do
    tmp=$(mktemp)
    python3 - "$base" "$boundary" >"$tmp" <<'PY'
import gzip, sys
parts = open(sys.argv[1], "rb").read().split(b"\n@@\n")
name = sys.argv[2]
boundary = gzip.open(name).read() if name.endswith(".gz") else open(name, "rb").read()
sys.stdout.buffer.write(b"\n@@\n".join(parts[:4] + [boundary]))
PY
    add poly_mesh "$tmp"
    rm -f "$tmp"
    n=$((n + 1))
  done < <(find "$tutorials" \( -path '*/polyMesh/boundary.gz' -o -path '*/polyMesh/boundary' \) -type f -print0 | sort -z)
else
  echo "make_corpus: no OpenFOAM tutorials in $tutorials (seeds from fuzz/seeds and cases/ only)" >&2
fi
for target in dictionary block_mesh poly_mesh field; do
  echo "make_corpus: $target: $(find "$out/$target" -type f | wc -l) inputs"
done
