#!/bin/sh
# The shop's "checkout" task, as a shell script: slamctl serve-task runs it once per press of "Pay".
#
#   slamd --storyboard Examples/shop/shop.storyboard.json --web 8080 &
#   slamctl serve-task checkout -- sh Examples/shop/checkout.sh
#
# The run is in the environment (SLAM_TASK_PARAM is the button's param, "card"), and slamctl
# reaches the daemon that ran the task through SLAM_SOCKET. What this prints answers the run;
# a failure's last line of error output is what the person who pressed is told.
set -eu
cart=$(slamctl state cart)
if [ "$cart" = "[]" ]; then
    echo "the cart is empty" >&2
    exit 1
fi
receipt="R-$(date +%s)"
slamctl state status "Paid by ${SLAM_TASK_PARAM:-cash} for $cart ($receipt)" >/dev/null
slamctl state cart '[]' >/dev/null
echo "$receipt"
