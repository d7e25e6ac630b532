#!/bin/sh
# Put Sichuan Mahjong in your applications menu, for you only (no root needed):
#
#   ./install.sh              copy the game to ~/.local/bin, add its menu entry and icon
#   ./install.sh --uninstall  remove those three files again
#
# Your saves stay where they are (~/.local/share/SichuanMahjong) either way.
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
bin_dir=${XDG_BIN_HOME:-$HOME/.local/bin}
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
apps_dir=$data_home/applications
icons_dir=$data_home/icons/hicolor/256x256/apps
name=sichuan-mahjong

refresh_menus() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$apps_dir" >/dev/null 2>&1 || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$bin_dir/$name" "$apps_dir/$name.desktop" "$icons_dir/$name.png"
    refresh_menus
    echo "Sichuan Mahjong removed from $bin_dir and from the applications menu."
    exit 0
fi

mkdir -p "$bin_dir" "$apps_dir" "$icons_dir"
cp "$here/$name" "$bin_dir/$name"
chmod 755 "$bin_dir/$name"
cp "$here/$name.png" "$icons_dir/$name.png"
# The menu entry starts the copy in $bin_dir by its full path, so it works even where
# ~/.local/bin is not on PATH. (The desktop file has one group: Exec can go last.)
{
    grep -v '^Exec=' "$here/$name.desktop"
    printf 'Exec="%s"\n' "$bin_dir/$name"
} >"$apps_dir/$name.desktop"
refresh_menus
echo "Sichuan Mahjong installed: $bin_dir/$name, and a menu entry (四川麻将) in Games."
