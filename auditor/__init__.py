"""paper-auditor: are the code links that papers promise really there, and can people run them?"""

__version__ = "1.0.0"
