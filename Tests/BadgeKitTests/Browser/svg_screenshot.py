#!/usr/bin/env python3
"""Draws SVG files in headless Chromium and saves what it shows as PNG.

usage: svg_screenshot.py OUT_FOLDER FILE.svg...   (each FILE.svg -> OUT_FOLDER/FILE.png)

Each file is written into a page of its own, inline, in a window of its
size (its width and height attributes, in CSS pixels at a device scale
of 1) on white, and the screenshot of its element is Chromium's drawing
of the SVG pixel for pixel.
"""
import os, re, sys
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

out = sys.argv[1]
options = Options()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
             "--force-device-scale-factor=1"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    for path in sys.argv[2:]:
        text = open(path).read()
        w = float(re.search(r'<svg[^>]*\swidth="([0-9.]+)', text).group(1))
        h = float(re.search(r'<svg[^>]*\sheight="([0-9.]+)', text).group(1))
        page = os.path.abspath(os.path.join(out, os.path.basename(path) + ".html"))
        with open(page, "w") as f:
            svg = re.sub(r'^<\?xml[^>]*>\s*', '', text)
            f.write('<!doctype html><html><body style="margin:0;background:#fff;overflow:hidden">'
                    '<div id="badge" style="display:inline-block;line-height:0">%s</div></body></html>' % svg)
        driver.set_window_size(int(w), int(h))
        driver.get("file://" + page)
        # The window's inner size may differ from the outer: grow it to fit.
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(int(w) + int(w) - inner[0], int(h) + int(h) - inner[1])
        driver.get("file://" + page)
        png = os.path.join(out, os.path.splitext(os.path.basename(path))[0] + ".png")
        driver.find_element("id", "badge").screenshot(png)
        print("ok:", png)
finally:
    driver.quit()
