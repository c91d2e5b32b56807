#!/usr/bin/env bash
# Linux: the one-folder app, its self-test, a tar.gz with install.sh, an AppDir and (with an AppImage runtime) an AppImage.
#
#   packaging/build_linux.sh            # uses .venv/bin/python (run `make install` first); also `make package`
#   PYTHON=python3 packaging/build_linux.sh
#   APPIMAGE_RUNTIME=/path/to/runtime-x86_64 packaging/build_linux.sh   # also the .AppImage (needs mksquashfs)
#
# Outputs in dist/: privacy-assistant/ (the app folder), privacy-assistant-<version>-linux-<arch>.tar.gz,
# privacy-assistant-<version>-<arch>.AppImage when a runtime is given (or appimagetool is installed), and
# build/AppDir (what the AppImage packs). Sizes and the self-test's output go to dist/package-report.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
VERSION=$("$PYTHON" -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])")
ARCH=$(uname -m)
NAME=privacy-assistant
OUT=dist/$NAME-$VERSION-linux-$ARCH
REPORT=dist/package-report.txt

"$PYTHON" -m pip install --quiet "pyinstaller>=6.10" "onnx>=1.16"   # the [package] extra
"$PYTHON" packaging/prepare.py

rm -rf build/pyinstaller "dist/$NAME" "$OUT" "$OUT.tar.gz" build/AppDir
mkdir -p dist
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN --workpath build/pyinstaller --distpath dist packaging/privacy_assistant.spec

# the built app tests itself: model, embedder, the sample bundle, a cited answer, the window (offscreen)
echo "== self-test of dist/$NAME" | tee "$REPORT"
QT_QPA_PLATFORM=offscreen "dist/$NAME/$NAME" selftest | tee -a "$REPORT"

mkdir -p "$OUT"
cp -a "dist/$NAME" "$OUT/$NAME"
cp packaging/privacy-assistant.desktop "$OUT/"
cp resources/icons/privacy-assistant-256.png "$OUT/privacy-assistant.png"
cp resources/icons/privacy-assistant.svg "$OUT/privacy-assistant.svg"
cat > "$OUT/install.sh" <<'INSTALL'
#!/usr/bin/env bash
# Install for the current user (default ~/.local) or system-wide: sudo ./install.sh /usr/local
# Uninstall: ./install.sh --uninstall [PREFIX]  (asks whether to keep your data folder)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = "--uninstall" ]; then
  PREFIX=${2:-$HOME/.local}
  rm -rf "$PREFIX/lib/privacy-assistant" "$PREFIX/bin/privacy-assistant" "$PREFIX/share/applications/privacy-assistant.desktop" \
         "$PREFIX/share/icons/hicolor/256x256/apps/privacy-assistant.png" "$PREFIX/share/icons/hicolor/scalable/apps/privacy-assistant.svg"
  DATA=${PRIVACY_ASSISTANT_HOME:-${XDG_DATA_HOME:-$HOME/.local/share}/privacy-assistant}
  if [ -d "$DATA" ]; then
    read -r -p "Also delete your data folder $DATA (bundles, conversations, settings)? [y/N] " answer || answer=n
    case "$answer" in [yY]*) rm -rf "$DATA"; echo "data folder deleted";; *) echo "data folder kept: $DATA";; esac
  fi
  echo "uninstalled from $PREFIX"
  exit 0
fi
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
rm -rf "$OUT"

# AppDir: what an AppImage packs (AppRun, the .desktop file, the icon, the app folder)
APPDIR=build/AppDir
mkdir -p "$APPDIR/usr/lib"
cp -a "dist/$NAME" "$APPDIR/usr/lib/$NAME"
cat > "$APPDIR/AppRun" <<'APPRUN'
#!/bin/sh
HERE=$(dirname "$(readlink -f "$0")")
exec "$HERE/usr/lib/privacy-assistant/privacy-assistant" "$@"
APPRUN
chmod +x "$APPDIR/AppRun"
sed "s|^Exec=.*|Exec=privacy-assistant|" packaging/privacy-assistant.desktop > "$APPDIR/privacy-assistant.desktop"
cp resources/icons/privacy-assistant-256.png "$APPDIR/privacy-assistant.png"
ln -sf privacy-assistant.png "$APPDIR/.DirIcon"
APPIMAGE=dist/$NAME-$VERSION-$ARCH.AppImage
rm -f "$APPIMAGE"
if command -v appimagetool >/dev/null; then
  ARCH=$ARCH appimagetool --no-appstream "$APPDIR" "$APPIMAGE"
elif [ -n "${APPIMAGE_RUNTIME:-}" ] && command -v mksquashfs >/dev/null; then
  mksquashfs "$APPDIR" build/AppDir.squashfs -root-owned -noappend -comp gzip -quiet
  cat "$APPIMAGE_RUNTIME" build/AppDir.squashfs > "$APPIMAGE"
  chmod +x "$APPIMAGE"
  rm -f build/AppDir.squashfs
else
  echo "no AppImage runtime here (set APPIMAGE_RUNTIME or install appimagetool): the AppDir is in $APPDIR" | tee -a "$REPORT"
fi

{
  echo "== sizes"
  du -sh "dist/$NAME" | sed 's/\t/  /'
  ls -l "$OUT.tar.gz" | awk '{printf "%.0f MB  %s\n", $5/1e6, $9}'
  [ -f "$APPIMAGE" ] && ls -l "$APPIMAGE" | awk '{printf "%.0f MB  %s\n", $5/1e6, $9}'
  true
} | tee -a "$REPORT"
echo "== size and cold start (packaging/measure.py)" | tee -a "$REPORT"
"$PYTHON" packaging/measure.py | tee -a "$REPORT"
echo "built $OUT.tar.gz"
