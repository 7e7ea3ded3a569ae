import csv
import re


class EssayPreprocessor(object):
    """Cleans the essay column of a tab separated file and writes the vocabulary beside it."""
    CLEAN_PREFIX = 'clean_'
    VOCABULARY_PREFIX = 'vocabulary_'

    def __init__(self, path, file_name, field_delim):
        self.path = path
        self.file_name = file_name
        self.field_delim = field_delim
        self.rows = []

    def apply_preprocessing(self, data_column, source_name):
        with open(self.path + source_name) as f:
            for row in csv.reader(f, delimiter=self.field_delim):
                text = re.sub(r'[^a-z ]', '', row[data_column].lower())
                row[data_column] = ' '.join(text.split())
                self.rows.append(row)

    def save_preprocessed_file(self):
        with open(self.path + self.file_name, 'w', newline='') as f:
            writer = csv.writer(f, delimiter=self.field_delim)
            for row in self.rows:
                writer.writerow(row)
        words = sorted({w for row in self.rows for w in row[1].split()})
        with open(self.path + self.VOCABULARY_PREFIX + self.file_name, 'w') as f:
            for word in words:
                f.write(word + '\n')
