#!/usr/bin/env bash
# Installs slamd, slamctl and what they need at run time under PREFIX (make install runs it).
#
#   scripts/install.sh PREFIX BUILD_DIRECTORY [DESTDIR]
#
# BUILD_DIRECTORY holds the release slamd and slamctl. Every installed path is written to
# PREFIX/share/slam/install-manifest, which scripts/uninstall.sh reads.
set -euo pipefail
# install_text reads a pipe and records what it wrote: run the last stage of a pipeline in this shell.
shopt -s lastpipe
cd "$(dirname "$0")/.."

prefix=${1:?usage: install.sh PREFIX BUILD_DIRECTORY [DESTDIR]}
build=${2:?usage: install.sh PREFIX BUILD_DIRECTORY [DESTDIR]}
destination=${3:-}
# The prefix is written into the systemd unit and the manifest: an absolute path of plain characters.
# (`~` is not expanded inside make's arguments by every shell: PREFIX=$HOME/.local is what works.)
case $prefix in
    /*) ;;
    *) echo "install.sh: PREFIX must be an absolute path, got '$prefix' (for your home: PREFIX=\$HOME/.local)" >&2; exit 2 ;;
esac
case $prefix$destination in
    *[[:space:]%\&\|\\\'\"\$]*)
        echo "install.sh: PREFIX and DESTDIR may not hold spaces or any of % & | \\ ' \" \$ (got '$destination$prefix')" >&2; exit 2 ;;
esac
case $destination in
    ""|/*) ;;
    *) echo "install.sh: DESTDIR must be an absolute path, got '$destination'" >&2; exit 2 ;;
esac
root="$destination$prefix"
manifest_entries=()
# What an earlier install put here, so that a file it had and this one does not is removed too.
previous_entries=()
if [ -f "$root/share/slam/install-manifest" ]; then
    mapfile -t previous_entries <"$root/share/slam/install-manifest"
fi

# install_file MODE SOURCE TARGET (TARGET relative to PREFIX)
install_file() {
    install -D -m "$1" "$2" "$root/$3"
    manifest_entries+=("$3")
}

# install_text MODE TARGET < TEXT
install_text() {
    local target="$root/$2"
    mkdir -p "$(dirname "$target")"
    cat >"$target"
    chmod "$1" "$target"
    manifest_entries+=("$2")
}

for tool in slamd slamctl; do
    [ -x "$build/$tool" ] || { echo "install.sh: $build/$tool is missing: build it first (make install does)" >&2; exit 1; }
done

# The executables, stripped (the static release build carries its symbol tables).
for tool in slamd slamctl; do
    install_file 755 "$build/$tool" "bin/$tool"
    strip "$root/bin/$tool" 2>/dev/null || true
done

# Run-time files: slamd finds them from its own path (PREFIX/bin/../share/slam).
for file in Sources/SlamDaemon/Resources/web/*; do
    install_file 644 "$file" "share/slam/web/$(basename "$file")"
done
for file in Sources/SlamDemo/Resources/*; do
    install_file 644 "$file" "share/slam/demo/$(basename "$file")"
done
for file in Examples/*.json clients/flows/*.json; do
    install_file 644 "$file" "share/slam/examples/$(basename "$file")"
done
# The example apps, one directory each (a storyboard and the program that runs its tasks).
for file in Examples/*/*; do
    # The Swift app template is a package to copy and build, not a run-time file.
    case $file in Examples/swift-app/*) continue ;; esac
    mode=644
    [ -x "$file" ] && mode=755
    install_file "$mode" "$file" "share/slam/examples/${file#Examples/}"
done
for file in Protocol/slam.openrpc.json Protocol/storyboard.schema.json Protocol/elements.json; do
    install_file 644 "$file" "share/slam/protocol/$(basename "$file")"
done
install_file 644 README.md share/doc/slam/README.md
for file in docs/*.md; do
    install_file 644 "$file" "share/doc/slam/$file"
done
install_file 644 Protocol/README.md share/doc/slam/protocol.md
install_file 644 Protocol/elements.md share/doc/slam/elements.md

# Manual pages and completions, written by the installed tools from their own option and verb tables.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
manual_date=$(LC_ALL=C date -d "$date" '+%B %-d, %Y')
"$root/bin/slamd" --generate-manual "$manual_date" | install_text 644 share/man/man1/slamd.1
"$root/bin/slamctl" --generate-manual "$manual_date" | install_text 644 share/man/man1/slamctl.1
for tool in slamd slamctl; do
    "$root/bin/$tool" --generate-completion-script bash | install_text 644 "share/bash-completion/completions/$tool"
    "$root/bin/$tool" --generate-completion-script zsh | install_text 644 "share/zsh/site-functions/_$tool"
    "$root/bin/$tool" --generate-completion-script fish | install_text 644 "share/fish/vendor_completions.d/$tool.fish"
done

# A systemd user unit (example): systemctl --user enable --now slamd.
sed "s|@BINDIR@|$prefix/bin|g" packaging/slamd.service.in | install_text 644 lib/systemd/user/slamd.service

manifest_entries+=("share/slam/install-manifest")
printf '%s\n' "${manifest_entries[@]}" | install_text 644 share/slam/install-manifest

for entry in "${previous_entries[@]}"; do
    case $entry in ""|/*|*..*) continue ;; esac
    if ! printf '%s\n' "${manifest_entries[@]}" | grep -qxF -- "$entry"; then
        rm -f "$root/$entry"
    fi
done

echo "installed slamd and slamctl in $root/bin (manual pages, completions for bash, zsh and fish,"
echo "a systemd user unit in $root/lib/systemd/user); make uninstall PREFIX=$prefix removes them"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH" ;;
esac
