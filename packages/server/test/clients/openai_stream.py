"""Transcribes a file with OpenAI's official Python SDK, streamed, and prints the events as JSON.

Usage: python openai_stream.py BASE_URL API_KEY FILE
"""

import json
import sys

from openai import OpenAI

base_url, api_key, path = sys.argv[1:4]
client = OpenAI(base_url=base_url, api_key=api_key, max_retries=0)
with open(path, "rb") as audio:
    stream = client.audio.transcriptions.create(file=audio, model="whisper-1", stream=True)
    print(json.dumps([event.model_dump() for event in stream]))
