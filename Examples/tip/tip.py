#!/usr/bin/env python3
"""A tip calculator for Slam: the screen is ``tip.storyboard.json``, the arithmetic is this program.

    slamd --storyboard Examples/tip/tip.storyboard.json --web 8080 &
    python3 Examples/tip/tip.py [--socket PATH]        # Ctrl-C stops it

The storyboard runs the task ``calculate`` whenever a person changes the bill (after a pause in
typing), the tip or the number of people: no button. This program handles it and sets the results,
which the storyboard shows with two decimals (``{total:,.2f}``).
"""

import argparse
import sys
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Dict, Optional, Sequence

try:
    import slam
except ImportError:  # a clean checkout: the client next to this example, not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
    import slam

TIP_RATES = (Decimal("0.10"), Decimal("0.15"), Decimal("0.20"))
"""The tip segments, in order: 10 %, 15 %, 20 %."""
CENT = Decimal("0.01")
NO_RESULTS = {"tip": None, "total": None, "perPerson": None}


def results(bill_text: str, tip_choice: Any, people: Any) -> Dict[str, Any]:
    """What the screen shows for the bill as typed, the chosen tip segment and the number of people."""
    try:
        bill = Decimal(bill_text.replace(",", "").strip() or "0")
    except InvalidOperation:
        bill = Decimal("NaN")
    if not bill.is_finite():
        return {"message": f"'{bill_text}' is not an amount", **NO_RESULTS}
    if bill < 0:
        return {"message": "A bill is not negative", **NO_RESULTS}
    rate = TIP_RATES[tip_choice] if tip_choice in range(len(TIP_RATES)) else Decimal(0)
    tip = (bill * rate).quantize(CENT, ROUND_HALF_UP)  # money rounds halves up: 12.675 is 12.68
    per_person = ((bill + tip) / max(int(people or 1), 1)).quantize(CENT, ROUND_HALF_UP)
    return {"message": "", "tip": float(tip), "total": float(bill + tip), "perPerson": float(per_person)}


def calculate(call: slam.TaskCall) -> Dict[str, Any]:
    """``calculate``: reads what the person entered and sets the results."""
    state = call.client.state_list()
    shown = results(str(state.get("bill") or ""), state.get("tipChoice"), state.get("people"))
    call.client.state_set_many(shown)
    return shown


def attach(client: slam.Client) -> None:
    """Handles ``calculate`` for ``client``'s daemon and shows the results for what its screen holds now."""
    client.register_task("calculate", calculate)
    client.run_task("calculate")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="A tip calculator: Slam's screen, Python's arithmetic.")
    parser.add_argument("--socket", default=None, metavar="PATH", help="the slamd hosting tip.storyboard.json "
                        "(default: $SLAM_SOCKET, else slamd's default socket)")
    arguments = parser.parse_args(argv)
    try:
        with slam.connect(arguments.socket) as client:
            attach(client)
            print(f"Tip calculator attached to {client.socket_path}; Ctrl-C stops it", flush=True)
            client.serve()
    except (slam.SlamError, slam.SlamConnectionError) as error:
        print(f"tip: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
