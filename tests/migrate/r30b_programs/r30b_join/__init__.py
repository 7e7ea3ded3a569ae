from r30b_join import readers
from r30b_join.train_input import get_input_data_tensors
