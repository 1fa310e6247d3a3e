#!/usr/bin/env python3
"""How long a save takes to show on the preview page, per sample.

Usage: bench/preview_latency.py [BADGEC] (default .build/release/badgec)

For each sample (copied with samples/lib into a scratch folder), starts
`badgec preview`, opens the page in headless Chromium, then saves the file
ten times (a comment changed, written in place) and measures from the
write to the page's update (the time the page notes on its body when it
has shown it, so that polling it adds nothing). Prints the median
and worst per sample beside the goal of 200 ms. Needs chromium,
chromedriver and selenium.
"""
import glob, os, shutil, statistics, subprocess, sys, tempfile, time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
badgec = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/badgec")
work = tempfile.mkdtemp()
shutil.copytree(os.path.join(root, "samples"), os.path.join(work, "samples"))
options = Options()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
print("%-12s %10s %10s   goal" % ("sample", "median ms", "worst ms"))
try:
    for path in sorted(glob.glob(os.path.join(work, "samples/*.badge"))):
        server = subprocess.Popen([badgec, "preview", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        url = server.stdout.readline().split()[2]
        driver.get(url)
        version = lambda: int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-version"))
        end = time.time() + 20
        while version() < 0 and time.time() < end:
            time.sleep(0.005)
        text = open(path).read()
        times = []
        for k in range(10):
            before = version()
            t0 = time.time()
            with open(path, "w") as f:
                f.write(text + "\n// save %d\n" % k)
            while version() <= before and time.time() < t0 + 10:
                time.sleep(0.002)
            # The page notes when it showed the update (the browser's clock
            # is this machine's): polling the page adds nothing.
            shown = float(driver.find_element(By.TAG_NAME, "body").get_attribute("data-shown-at"))
            times.append(shown - 1000 * t0)
        server.terminate()
        server.wait()
        name = os.path.basename(path)[:-6]
        print("%-12s %10.0f %10.0f   200 ms %s" % (name, statistics.median(times), max(times),
              "ok" if statistics.median(times) <= 200 else "OVER"))
finally:
    driver.quit()
    shutil.rmtree(work)
