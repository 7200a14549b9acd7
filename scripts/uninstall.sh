#!/usr/bin/env bash
# Removes what scripts/install.sh installed under PREFIX, as listed in its manifest, and Slam's own
# share/slam directory (make uninstall runs it).
#
#   scripts/uninstall.sh PREFIX [DESTDIR]
set -euo pipefail

prefix=${1:?usage: uninstall.sh PREFIX [DESTDIR]}
root="${2:-}$prefix"
manifest="$root/share/slam/install-manifest"
[ -f "$manifest" ] || { echo "uninstall.sh: no Slam installed under $root ($manifest is missing)" >&2; exit 1; }

mapfile -t entries <"$manifest"
for entry in "${entries[@]}"; do
    case $entry in
        ""|/*|*..*) echo "uninstall.sh: skipping suspicious manifest entry '$entry'" >&2; continue ;;
    esac
    rm -f "$root/$entry"
done
# Slam's own directories (share/slam and below, share/doc/slam and its docs); shared ones (bin, share/man …) stay, even when empty.
for directory in "$root"/share/slam/*/*/ "$root"/share/slam/*/ "$root/share/slam" "$root/share/doc/slam/docs" "$root/share/doc/slam"; do
    [ -d "$directory" ] && rmdir "$directory" 2>/dev/null || true
done
echo "removed Slam from $root"
