"""Wine-quality input settings (py-faster-rcnn style `cfg`)."""
