from kiln47_lib.data_reader import DataReader
