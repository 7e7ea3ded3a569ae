import os


class LaundryDataset(object):
    """Knows where the washer/dryer JSON-lines logs live."""

    def __init__(self, data_dir, subset='train'):
        self.data_dir = data_dir
        self.subset = subset

    def data_files(self):
        files = [os.path.join(self.data_dir, f) for f in sorted(os.listdir(self.data_dir))
                 if f.startswith(self.subset) and f.endswith('.jsonl')]
        assert files, 'no %s files in %s' % (self.subset, self.data_dir)
        return files

    def num_examples_per_epoch(self):
        n = 0
        for path in self.data_files():
            with open(path) as f:
                n += sum(1 for line in f if line.strip())
        return n
