#!/usr/bin/env bash
# macOS: PyInstaller .app bundle -> dist/Privacy Assistant.app and dist/privacy-assistant-<version>-macos-<arch>.dmg
# Run on the architecture you target (arm64 or x86_64). llama-cpp-python builds with Metal by default on Apple
# silicon. Signing: set CODESIGN_IDENTITY ("Developer ID Application: …"); notarization also needs APPLE_ID,
# APPLE_TEAM_ID and APPLE_APP_PASSWORD (an app-specific password). Without them the app is unsigned (Gatekeeper
# then asks the user to allow it in System Settings › Privacy & Security).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
VERSION=$("$PYTHON" -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])")
ARCH=$(uname -m)
APP="dist/Privacy Assistant.app"
DMG=dist/privacy-assistant-$VERSION-macos-$ARCH.dmg

"$PYTHON" -m pip install --quiet "pyinstaller>=6.10" "onnx>=1.16"
"$PYTHON" packaging/prepare.py   # ONNX embedder, the model as one file, licences, icons
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

rm -rf build/pyinstaller dist/privacy-assistant "$APP" "$DMG"
"$PYTHON" -m PyInstaller --noconfirm --clean --workpath build/pyinstaller --distpath dist packaging/privacy_assistant.spec

# the built app tests itself before it is signed and packed
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/privacy-assistant" selftest

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  # sign inside out (libraries, then the executables, then the bundle) with the hardened runtime
  find "$APP/Contents" -type f \( -name "*.dylib" -o -name "*.so" \) -print0 |
    xargs -0 codesign --force --options runtime --timestamp --entitlements packaging/entitlements.plist --sign "$CODESIGN_IDENTITY"
  codesign --force --options runtime --timestamp --entitlements packaging/entitlements.plist --sign "$CODESIGN_IDENTITY" \
    "$APP/Contents/MacOS/privacy-assistant"
  codesign --force --options runtime --timestamp --entitlements packaging/entitlements.plist --sign "$CODESIGN_IDENTITY" "$APP"
  codesign --verify --deep --strict "$APP"
else
  echo "note: CODESIGN_IDENTITY is not set: the app and the .dmg are unsigned"
fi
STAGE=build/dmg
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "Privacy Assistant" -srcfolder "$STAGE" -ov -format UDZO "$DMG"
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --force --timestamp --sign "$CODESIGN_IDENTITY" "$DMG"
  if [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
    xcrun notarytool submit "$DMG" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" --password "$APPLE_APP_PASSWORD" --wait
    xcrun stapler staple "$DMG"
    xcrun stapler validate "$DMG"
  else
    echo "note: APPLE_ID / APPLE_TEAM_ID / APPLE_APP_PASSWORD are not set: the .dmg is signed but not notarized"
  fi
fi
echo "built $APP and $DMG"
