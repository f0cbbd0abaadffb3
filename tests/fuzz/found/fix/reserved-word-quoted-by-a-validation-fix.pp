$visibility = private
