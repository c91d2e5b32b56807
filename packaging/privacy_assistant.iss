; Inno Setup 6 script for the one-folder PyInstaller build (called by build_windows.ps1 with /DAppVersion and /DSourceDir).
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\privacy-assistant"
#endif

[Setup]
AppId={{6C3E4A52-5B7D-4F0E-9B8A-2F1D3C4E5A61}
AppName=Privacy Assistant
AppVersion={#AppVersion}
AppPublisher=Privacy Assistant contributors
DefaultDirName={autopf}\Privacy Assistant
DefaultGroupName=Privacy Assistant
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
OutputBaseFilename=privacy-assistant-{#AppVersion}-windows-x64-setup
SetupIconFile=privacy-assistant.ico
UninstallDisplayIcon={app}\privacy-assistant.exe
LicenseFile=..\LICENSE
Compression=lzma2/max
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Privacy Assistant"; Filename: "{app}\privacy-assistant.exe"; Parameters: "gui"
Name: "{autodesktop}\Privacy Assistant"; Filename: "{app}\privacy-assistant.exe"; Parameters: "gui"; Tasks: desktopicon

[Run]
Filename: "{app}\privacy-assistant.exe"; Parameters: "gui"; Description: "{cm:LaunchProgram,Privacy Assistant}"; Flags: nowait postinstall skipifsilent

[Code]
// The user's data folder (bundles, conversations, settings) is kept on uninstall unless they say otherwise.
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  DataDir: String;
begin
  if CurUninstallStep = usPostUninstall then
  begin
    DataDir := ExpandConstant('{localappdata}\privacy-assistant');
    if DirExists(DataDir) then
      if MsgBox('Also delete your Privacy Assistant data (bundles, conversations, settings) in ' + DataDir + '?',
                mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES then
        DelTree(DataDir, True, True, True);
  end;
end;
