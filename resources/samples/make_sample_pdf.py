"""Regenerate resources/samples/brightcart/california-notice.pdf.

The PDF is written with the dependency-free writer in tests/pdfgen.py, so the
output is deterministic. Run from anywhere:

    .venv/bin/python resources/samples/make_sample_pdf.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
sys.path.insert(0, str(REPO_ROOT / "tests"))

from pdfgen import text_pdf  # noqa: E402

OUTPUT = HERE / "brightcart" / "california-notice.pdf"
TITLE = "BrightCart California Privacy Notice"

PAGE_1 = [
    "BrightCart California Privacy Notice",
    "Effective date: March 1, 2025",
    "",
    "This California Privacy Notice supplements the BrightCart Privacy Policy and applies only to "
    "residents of California. It is provided by BrightCart Inc. under the California Consumer "
    "Privacy Act, as amended by the California Privacy Rights Act (together, the \"CCPA\").",
    "",
    "Categories of Personal Information We Collect",
    "In the past 12 months we have collected the following categories of personal information: "
    "identifiers (such as name, email address and IP address); customer records (such as billing "
    "and shipping addresses); commercial information (such as products purchased and returns); "
    "internet activity (such as pages viewed and search terms on our site); approximate "
    "geolocation; and inferences about your shopping preferences.",
    "",
    "How We Use and Disclose Personal Information",
    "We use these categories for the business purposes described in our Privacy Policy, including "
    "processing orders, customer support, security and fraud prevention, and improving our "
    "services. We disclose them to service providers and payment processors that act on our "
    "behalf under written contracts.",
    "",
    "Your California Privacy Rights",
    "You have the right to know what personal information we collect, use and disclose; to access "
    "and receive a portable copy of it; to correct inaccurate information; and to request deletion, "
    "subject to exceptions allowed by law. To make a request, email privacy@brightcart.example or "
    "call +1 (503) 555-0142. We will verify your identity and respond within 30 days. We will not "
    "discriminate against you for exercising your rights.",
]

PAGE_2 = [
    "Your Right to Opt Out",
    "BrightCart does not sell your personal information for money. However, when you allow "
    "advertising cookies, our advertising partners may receive identifiers and internet activity "
    "for cross-context behavioral advertising, which the CCPA treats as \"sharing\". You can opt out "
    "of this sharing by clicking the \"Do Not Sell or Share My Personal Information\" link in our "
    "website footer, by turning off advertising cookies in Cookie Settings, or by enabling the "
    "Global Privacy Control (GPC) signal in your browser. We do not knowingly sell or share the "
    "personal information of consumers under 16.",
    "",
    "Authorized Agents",
    "You may use an authorized agent to submit a request on your behalf. We will ask the agent for "
    "written permission signed by you, and we may ask you to verify your identity directly with us, "
    "unless the agent holds a valid power of attorney.",
    "",
    "Contact",
    "BrightCart Inc., Attn: Privacy Team, 410 Harbor Street, Suite 200, Portland, OR 97204. "
    "Email: privacy@brightcart.example.",
]


def main() -> None:
    data = text_pdf([PAGE_1, PAGE_2], title=TITLE)
    OUTPUT.write_bytes(data)
    print(f"wrote {OUTPUT} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
