# Windows: one-folder PyInstaller build -> dist\privacy-assistant\, then an Inno Setup installer
# (dist\privacy-assistant-<version>-windows-x64-setup.exe) if Inno Setup 6 (iscc.exe) is installed.
#
#   powershell -ExecutionPolicy Bypass -File packaging\build_windows.ps1
#   $env:PYTHON = "C:\Python311\python.exe"; packaging\build_windows.ps1
# For CUDA offload install llama-cpp-python with $env:CMAKE_ARGS="-DGGML_CUDA=on" before building.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$Python = if ($env:PYTHON) { $env:PYTHON } elseif (Test-Path ".venv\Scripts\python.exe") { ".venv\Scripts\python.exe" } else { "python" }
$Version = & $Python -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])"

& $Python -m pip install --quiet "pyinstaller>=6.10" "onnx>=1.16"
if ($LASTEXITCODE -ne 0) { throw "pip install pyinstaller onnx failed" }
& $Python packaging\prepare.py   # ONNX embedder, the model as one file, licences, icons
if ($LASTEXITCODE -ne 0) { throw "the build preparation failed (embedder export, model, licences or icons)" }

Remove-Item -Recurse -Force -ErrorAction SilentlyContinue build\pyinstaller, dist\privacy-assistant
& $Python -m PyInstaller --noconfirm --clean --workpath build\pyinstaller --distpath dist packaging\privacy_assistant.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
# the built app tests itself (the console twin prints; the window opens offscreen)
$env:QT_QPA_PLATFORM = "offscreen"
& dist\privacy-assistant\privacy-assistant-cli.exe selftest
if ($LASTEXITCODE -ne 0) { throw "the built app's self-test failed" }
Remove-Item Env:QT_QPA_PLATFORM

$Iscc = @("${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe", "$env:ProgramFiles\Inno Setup 6\ISCC.exe") | Where-Object { Test-Path $_ } | Select-Object -First 1
if ($Iscc) {
    & $Iscc "/DAppVersion=$Version" "/DSourceDir=$((Resolve-Path dist\privacy-assistant).Path)" "/O$((Resolve-Path dist).Path)" packaging\privacy_assistant.iss
    if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
    Write-Host "built dist\privacy-assistant-$Version-windows-x64-setup.exe"
} else {
    Compress-Archive -Force -Path dist\privacy-assistant -DestinationPath "dist\privacy-assistant-$Version-windows-x64.zip"
    Write-Host "Inno Setup 6 not found: built dist\privacy-assistant-$Version-windows-x64.zip instead (https://jrsoftware.org/isinfo.php)"
}
