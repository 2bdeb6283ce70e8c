"""Translates a file into English with OpenAI's official Python SDK and prints the text.

Usage: python openai_translate.py BASE_URL API_KEY FILE
"""

import sys

from openai import OpenAI

base_url, api_key, path = sys.argv[1:4]
client = OpenAI(base_url=base_url, api_key=api_key, max_retries=0)
with open(path, "rb") as audio:
    print(client.audio.translations.create(file=audio, model="whisper-1").text)
